/** A 1-5 rating shown as five stars (static SVG files, so the home page pays no JavaScript for them). */
export function Stars({ rating }: { rating: number }) {
	return (
		<div className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
			{[1, 2, 3, 4, 5].map((value) => (
				<img
					key={value}
					src={`/icons/${value <= rating ? 'star-filled' : 'star-empty'}.svg`}
					alt=""
					width={16}
					height={16}
					className="h-4 w-4"
				/>
			))}
		</div>
	)
}
