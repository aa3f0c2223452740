import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accessControlTests, editorClient, storedVersions } from '../../../tests/content-editor-kit.ts'
import { companySections, socialNetworks } from '#app/components/dashboard/content/company-fields.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { companySchema } from '#app/features/content/content-schemas.ts'
import { UNSAFE_TEXT_MESSAGE } from '#app/features/validation/safe-text.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import * as companyRoute from './company.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

const client = () => editorClient(services, '/dashboard/company', companyRoute)
const company = (overrides: Record<string, unknown> = {}) => ({ ...defaultContent().company, ...overrides })
const rootCompany = async () =>
	(
		(await rootLoader({ request: new Request('http://localhost:3000/'), context: routeContext(services), params: {} } as never)) as {
			company: unknown
		}
	).company

describe('company information editor', () => {
	test('the screen has a field for every part of the record', () => {
		const named = [...companySections.flatMap((section) => section.fields.map((field) => field.name)), 'social']
		expect(named.sort()).toEqual(Object.keys(companySchema.shape).sort())
		expect(socialNetworks.map((network) => network.name).sort()).toEqual(Object.keys(companySchema.shape.social.shape).sort())
	})

	test('a save changes what every public page reads (header, footer, contact) at the next request', async () => {
		const saved = company({
			phone: '(949) 555-0199',
			address: '100 Avenida Pico',
			zipCode: '92672',
			foundedYear: '2012',
			social: { linkedin: 'https://www.linkedin.com/company/example', facebook: '', twitter: '', instagram: '' },
		})
		const { status, body } = await client().save(admin.cookie, saved)
		expect(status).toBe(200)
		expect(body).toMatchObject({ ok: true, content: saved })
		expect(await rootCompany()).toEqual(saved)
		expect((await storedVersions(services, 'company')).at(-1)).toMatchObject({ createdBy: admin.email, data: saved })
	})

	test.each([
		['name', { name: '' }, 'Company name is required'],
		['initials', { initials: 'ABCDE' }, 'Initials must be at most 4 characters'],
		['tagline', { tagline: '' }, 'Tagline is required'],
		['foundedYear', { foundedYear: '12' }, 'Enter a four-digit year'],
		['phone', { phone: '555-01' }, 'Enter a phone number with at least 10 digits'],
		['email', { email: 'loans-at-example.com' }, 'Please enter a valid email address'],
		['hours', { hours: '' }, 'Business hours is required'],
		['website', { website: 'example.com' }, 'Enter a full URL starting with https://'],
		['lenderLicenseId', { lenderLicenseId: '' }, 'Lender licence ID is required'],
		['realEstateLicenseNumber', { realEstateLicenseNumber: '' }, 'Real-estate licence number is required'],
		['licenseLookupUrl', { licenseLookupUrl: 'nmls' }, 'Enter a full URL starting with https://'],
		[
			'mapEmbedUrl',
			{ mapEmbedUrl: 'https://maps.example.com/embed' },
			'Paste an OpenStreetMap embed URL (Share > HTML on openstreetmap.org), or leave it empty',
		],
		['applicationHost', { applicationHost: 'https://apply.example.com' }, 'Enter a host name such as apply.example.com (no https://)'],
		[
			'social.twitter',
			{ social: { linkedin: '', facebook: '', twitter: 'twitter.com/x', instagram: '' } },
			'Enter a full URL starting with https://',
		],
	])('an invalid %s is refused with its message and nothing stored changes', async (field, overrides, message) => {
		const before = await storedVersions(services, 'company')
		const stored = await services.content.get('company')
		const { status, body } = await client().save(admin.cookie, company(overrides))
		expect(status).toBe(400)
		expect(body.errors[field]).toBe(message)
		expect(await services.content.get('company')).toEqual(stored)
		expect(await storedVersions(services, 'company')).toHaveLength(before.length)
	})

	test('restoring the first version brings the seeded phone back to the header', async () => {
		const first = (await storedVersions(services, 'company'))[0]!
		const { status } = await client().restore(admin.cookie, first.version)
		expect(status).toBe(200)
		expect(await rootCompany()).toMatchObject({ phone: '(949) 555-0142' })
		expect((await storedVersions(services, 'company')).at(-1)).toMatchObject({ createdBy: admin.email, data: first.data })
	})

	test('NUL in a field, or under a key the schema would drop, is refused on its path and no version is stored (docs/decisions/0023)', async () => {
		const versions = (await storedVersions(services, 'company')).length
		const inField = await client().save(admin.cookie, company({ tagline: 'Loans\u0000' }))
		expect(inField.status).toBe(400)
		expect(inField.body).toMatchObject({ ok: false, errors: { tagline: UNSAFE_TEXT_MESSAGE } })
		const underUnknownKey = await client().save(admin.cookie, { ...company(), social: { ...company().social, myspace: '\uD800' } })
		expect(underUnknownKey.status).toBe(400)
		expect(underUnknownKey.body).toMatchObject({ ok: false, errors: { 'social.myspace': UNSAFE_TEXT_MESSAGE } })
		expect(await storedVersions(services, 'company')).toHaveLength(versions)
	})

	accessControlTests(
		() => services,
		'/dashboard/company',
		companyRoute,
		'company',
		() => company({ name: 'Should Never Be Saved' }),
	)
})
