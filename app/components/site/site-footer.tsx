import { Link } from 'react-router'
import type { Company } from '#app/features/content/content-schemas.ts'
import { withPunctuation } from '#app/features/content/punctuation.ts'
import { telHref } from './brand.ts'

const productLinks = [
	{ to: '/dscr-loans', label: 'DSCR Loans' },
	{ to: '/bridge-loans', label: 'Bridge Loans' },
	{ to: '/fix-flip-loans', label: 'Fix & Flip Loans' },
	{ to: '/construction-loans', label: 'Construction Loans' },
	{ to: '/dscr-cash-out-florida', label: 'Florida DSCR Cash-Out' },
]

/** spec 1 §2: contact details, product links, Start Quote, Calculate DSCR, legal links and the licence lookup. */
export function SiteFooter({ company }: { company: Company }) {
	const year = new Date().getFullYear()
	return (
		<footer className="bg-brand-900 text-brand-100">
			<div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
				<section aria-labelledby="footer-contact">
					<h2 id="footer-contact" className="text-lg font-semibold text-white">
						{company.name}
					</h2>
					<p className="mt-2 text-sm">{company.tagline}</p>
					<ul className="mt-4 space-y-2 text-sm">
						<li>
							<a className="underline-offset-2 hover:underline" href={telHref(company.phone)}>
								{company.phone}
							</a>
						</li>
						<li>
							<a className="underline-offset-2 hover:underline" href={`mailto:${company.email}`}>
								{company.email}
							</a>
						</li>
						<li>{company.hours}</li>
						<li>Serving investors nationwide</li>
					</ul>
				</section>
				<nav aria-labelledby="footer-products">
					<h2 id="footer-products" className="text-lg font-semibold text-white">
						Loan Programs
					</h2>
					<ul className="mt-4 space-y-2 text-sm">
						{productLinks.map((link) => (
							<li key={link.to}>
								<Link className="underline-offset-2 hover:underline" to={link.to}>
									{link.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<nav aria-labelledby="footer-tools">
					<h2 id="footer-tools" className="text-lg font-semibold text-white">
						Get Started
					</h2>
					<ul className="mt-4 space-y-2 text-sm">
						<li>
							<Link className="underline-offset-2 hover:underline" to="/fast-quote">
								Start Quote
							</Link>
						</li>
						<li>
							<Link className="underline-offset-2 hover:underline" to="/dscr-calculator">
								Calculate DSCR
							</Link>
						</li>
						<li>
							<Link className="underline-offset-2 hover:underline" to="/contact">
								Contact Us
							</Link>
						</li>
						<li>
							<Link className="underline-offset-2 hover:underline" to="/privacy-policy">
								Privacy Policy
							</Link>
						</li>
						<li>
							<Link className="underline-offset-2 hover:underline" to="/terms-of-service">
								Terms of Service
							</Link>
						</li>
					</ul>
				</nav>
			</div>
			<div className="border-t border-brand-800">
				<div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs sm:px-6 md:flex-row md:items-center md:justify-between">
					<p>
						© {year} {withPunctuation(company.name, '.')} {withPunctuation(company.lenderLicenseId, '.')} Real estate licence{' '}
						{withPunctuation(company.realEstateLicenseNumber, '.')}
					</p>
					{company.licenseLookupUrl ? (
						<a className="underline underline-offset-2" href={company.licenseLookupUrl} rel="noopener noreferrer" target="_blank">
							Verify our licence (NMLS Consumer Access)
						</a>
					) : null}
				</div>
			</div>
		</footer>
	)
}
