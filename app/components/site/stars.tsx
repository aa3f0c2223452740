import { Star } from 'lucide-react'

/** A 1-5 rating shown as five stars. */
export function Stars({ rating }: { rating: number }) {
	return (
		<div className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
			{[1, 2, 3, 4, 5].map((value) => (
				<Star
					key={value}
					aria-hidden="true"
					className={`h-4 w-4 ${value <= rating ? 'fill-accent-500 text-accent-500' : 'text-slate-300'}`}
				/>
			))}
		</div>
	)
}
