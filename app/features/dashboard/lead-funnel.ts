/**
 * docs/decisions/0122: the funnel from a lead to a closed loan, for managers and admins. The leads created in a window
 * (a cohort), and how many of them reached each stage: contacted, qualified, closed.
 */
export const FUNNEL_WINDOWS = [
	{ days: 30, label: '30 days' },
	{ days: 90, label: '90 days' },
	{ days: 365, label: '12 months' },
] as const
export type FunnelDays = (typeof FUNNEL_WINDOWS)[number]['days']
/** A loan takes weeks to close: three months of leads show closings that 30 days would not yet hold. */
export const DEFAULT_FUNNEL_DAYS: FunnelDays = 90
/** The address's query parameter that chooses the window (`/dashboard?funnel=365`). */
export const FUNNEL_PARAM = 'funnel'

/** The window an address asks for; anything but one of the offered windows is the default one. */
export function funnelDaysOf(value: string | null): FunnelDays {
	return FUNNEL_WINDOWS.find((window) => String(window.days) === value)?.days ?? DEFAULT_FUNNEL_DAYS
}

export type FunnelCounts = { leads: number; contacted: number; qualified: number; closed: number }
export type FunnelStage = keyof FunnelCounts
/**
 * docs/decisions/0123: the stages' counts, and of the closed leads those whose funded loan is recorded (`funded`) with
 * the sum of their amounts in dollars (`volume`).
 */
export type FunnelFigures = FunnelCounts & { funded: number; volume: number }

/** The stages in order; each counts the leads that reached it, so each is at most the one before. */
export const FUNNEL_STAGES: ReadonlyArray<{ stage: FunnelStage; label: string }> = [
	{ stage: 'leads', label: 'Leads' },
	{ stage: 'contacted', label: 'Contacted' },
	{ stage: 'qualified', label: 'Qualified' },
	{ stage: 'closed', label: 'Closed' },
]

/** "42 %" of a part in a whole, whole percents rounded down (a rate is never shown higher than it is); "—" of none. */
export function shareOf(part: number, whole: number) {
	return whole > 0 ? `${Math.floor((part / whole) * 100)} %` : '—'
}
