import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { mailboxKey, normalizePhone } from '#app/features/validation/form-fields.ts'

/** A lead as the wizard or Add Lead would store it, for tests; `minutesAgo` orders them. */
export async function insertTestLead(db: Database, lead: Partial<typeof leads.$inferInsert> & { minutesAgo?: number } = {}) {
	const { minutesAgo = 0, ...values } = lead
	const email = values.email ?? `lead-${Math.random().toString(36).slice(2, 10)}@example.com`
	const phone = values.phone ?? '(555) 010-0000'
	const [row] = await db
		.insert(leads)
		.values({
			firstName: 'Test',
			lastName: 'Lead',
			status: 'new',
			...values,
			email,
			phone,
			emailNormalized: mailboxKey(email),
			phoneNormalized: normalizePhone(phone),
			createdAt: new Date(Date.now() - minutesAgo * 60_000),
		})
		.returning()
	return row!
}

export const testActor = (overrides: Partial<StaffUser> = {}): StaffUser => ({
	id: 'test-admin',
	email: 'officer@example.com',
	name: 'Loan Officer',
	roles: ['admin'],
	sessionId: 'test-session',
	twoFactorEnabled: false,
	...overrides,
})

/** docs/decisions/0109: what Add Lead posts for a caller: the contact fields and the wizard's program, type and state. */
export const phoneLeadFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
	firstName: 'Pat',
	lastName: 'Phone',
	email: 'pat@example.com',
	phone: '(949) 555-0150',
	loanProgram: 'dscr',
	propertyType: 'single-family',
	transactionType: 'purchase',
	propertyState: 'TX',
	...overrides,
})
