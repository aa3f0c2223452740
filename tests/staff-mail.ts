import type { AppServices } from '#app/context.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'

/**
 * docs/decisions/0089: sets what staff e-mails carry of the borrower, as an admin would with a reason. Tests of what
 * the full e-mail says (every answer, contact details) switch it on; the default is minimal.
 */
export async function setStaffMailDetail(services: AppServices, detail: StaffMailDetail) {
	const settings = await services.content.get('settings')
	const staffMail =
		detail === 'full'
			? { detail, reason: 'Tests of the full staff e-mail', by: 'test-admin@example.com', at: new Date().toISOString() }
			: { detail }
	await services.content.saveVersion('settings', { ...settings, staffMail }, null)
}
