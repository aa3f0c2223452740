import type { PublicPageKey } from '#app/features/seo/public-pages.ts'

/**
 * What each public page must show without JavaScript: its main heading and a few phrases of its
 * main text, taken from the spec (spec 1 §2 and §9, spec 2 §2 and §9).
 */
export const publicPageText: Record<PublicPageKey, { heading: RegExp; phrases: (string | RegExp)[] }> = {
	home: {
		heading: /Real Estate Investor Loans/,
		phrases: ['Low Rates. No income docs.', 'Current DSCR Rates', 'Recent Fundings', '24-Hour Pre-Approval'],
	},
	dscr: { heading: /DSCR/, phrases: ['5.875%', /True No Ratio/i, /15-21 days/] },
	bridge: { heading: /Bridge/, phrases: [/3-7 days/, /80% LTV/i, /6-18 month/] },
	fixFlip: { heading: /Fix (&|and) Flip/i, phrases: ['92.5%', '100%', '75%'] },
	construction: { heading: /Construction/, phrases: [/80%/, /12-18 month/] },
	calculator: { heading: /DSCR Calculator/, phrases: ['Calculate DSCR', /Monthly rent/i, /Interest rate/i] },
	contact: { heading: /Contact/, phrases: ['Send Us a Message', '+ 26 more states', /8:00 AM/] },
	florida: { heading: /Florida/, phrases: ['5.875%', /80%/, /Payment Calculator/i] },
	privacy: { heading: /Privacy Policy/, phrases: [/consent/i, /accessibility/i] },
	terms: { heading: /Terms of Service/, phrases: [/New Jersey/, /18/, /STOP/i] },
	// The wizard's heading is the question of its first step.
	quote: { heading: /\S/, phrases: [] },
}
