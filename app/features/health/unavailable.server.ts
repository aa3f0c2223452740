import type { AppServices } from '#app/context.ts'
import type { UnavailableNotice } from './unavailable.ts'

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 30

/** What the 503 page says, with the company's phone when the content is still cached. */
export async function databaseUnavailableNotice(services: AppServices): Promise<UnavailableNotice> {
	try {
		const company = await services.content.get('company')
		return { unavailable: true, company: { name: company.name, phone: company.phone, email: company.email } }
	} catch {
		return { unavailable: true, company: null }
	}
}

/** The JSON API's answer when the database failed the request. */
export function databaseUnavailableResponse() {
	return Response.json(
		{ error: 'Our system is briefly unavailable, so this request was not saved. Please try again in a minute.' },
		{ status: 503, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' } },
	)
}
