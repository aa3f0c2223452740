import { type SQL, and, inArray, or, sql } from 'drizzle-orm'
import { leads } from '#db/schema.ts'
import type { LeadFilter } from './lead-admin-schema.ts'

/** A LIKE pattern that matches `text` anywhere, with the wildcards in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

// Only a term made of phone characters is compared with phone numbers, so 'ann 5' does not match every phone with a 5.
const PHONE_TERM = /^[\d\s()+.-]+$/

/**
 * spec 2 §4-5: search is case-insensitive on "first last" and on the e-mail, and matches phones as a
 * substring (digits only, so '555-0123' finds '(949) 555-0123'); statuses combine as OR, and with
 * the search as AND.
 */
export function leadFilterCondition({ search, statuses }: LeadFilter): SQL | undefined {
	const conditions: SQL[] = []
	// Control characters cannot be typed in the search box, and a newline separates name from e-mail in search_text.
	const term = search
		.replace(/[\u0000-\u001f]/g, '')
		.trim()
		.toLowerCase()
	if (term !== '') {
		const matches = [sql`${leads.searchText} like ${containsPattern(term)}`]
		const digits = term.replace(/\D/g, '')
		if (digits !== '' && PHONE_TERM.test(term)) matches.push(sql`${leads.phoneNormalized} like ${containsPattern(digits)}`)
		conditions.push(or(...matches)!)
	}
	if (statuses.length > 0) conditions.push(inArray(leads.status, [...statuses]))
	return conditions.length > 0 ? and(...conditions) : undefined
}
