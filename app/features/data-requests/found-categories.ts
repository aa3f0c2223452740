/** docs/decisions/0091: the categories a search for a person's data reports, in the order the screen and the export show them. */
export const FOUND_CATEGORIES = [
	'leads',
	// docs/decisions/0107: what staff wrote about the leads: their notes and the notes of their follow-up tasks.
	'leadNotes',
	'taskNotes',
	// docs/decisions/0123: the loans the leads funded (amount, rate, points, day): financial facts about the person.
	'fundedLoans',
	'contactMessages',
	'consentRecords',
	'emails',
	'webhookDeliveries',
	'activity',
] as const
export type FoundCategory = (typeof FOUND_CATEGORIES)[number]
export const FOUND_CATEGORY_LABELS: Readonly<Record<FoundCategory, string>> = {
	leads: 'Leads (quote requests)',
	leadNotes: 'Staff notes on the leads',
	taskNotes: 'Follow-up tasks with notes',
	fundedLoans: 'Funded loans',
	contactMessages: 'Contact messages',
	consentRecords: 'Consent records',
	emails: 'E-mails sent',
	webhookDeliveries: 'Webhook deliveries',
	activity: 'Activity log entries',
}

/** One row as found, with dates as ISO text: what the screen shows and the export holds. */
export type FoundRow = Record<string, unknown> & { id: string | number }
export type PersonalDataFound = Record<FoundCategory, FoundRow[]>
