import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accessControlTests, editorClient, storedVersions } from '../../../tests/content-editor-kit.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import type { Testimonial } from '#app/features/content/content-schemas.ts'
import { loader as homeLoader } from '#app/routes/site/home.tsx'
import { routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import * as testimonialsRoute from './testimonials.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

const client = () => editorClient(services, '/dashboard/testimonials', testimonialsRoute)
const seeded = (): Testimonial[] => structuredClone(defaultContent().testimonials)
const homeTestimonials = async () =>
	(
		(await homeLoader({ request: new Request('http://localhost:3000/'), context: routeContext(services), params: {} } as never)) as {
			testimonials: Testimonial[]
		}
	).testimonials
const added: Testimonial = {
	id: 't-new',
	name: 'Priya N.',
	role: 'BRRRR Investor',
	company: 'Northside Homes LLC',
	location: 'Columbus, OH',
	content: 'Refinanced three rentals in one month with a single point of contact.',
	rating: 4,
	featured: true,
}

describe('testimonials editor', () => {
	test('a new featured testimonial is shown first on the home page at the next request', async () => {
		const list = [...seeded(), added]
		const { status, body } = await client().save(admin.cookie, list)
		expect(status).toBe(200)
		expect(body.content).toEqual(list)
		const shown = await homeTestimonials()
		expect(shown).toHaveLength(3)
		expect(shown.map((testimonial) => testimonial.name)).toContain('Priya N.')
		expect(shown.every((testimonial) => testimonial.featured)).toBe(true)
		expect((await storedVersions(services, 'testimonials')).at(-1)).toMatchObject({ createdBy: admin.email, data: list })
	})

	test('unfeaturing and deleting change the home page', async () => {
		const list = seeded()
			.filter((testimonial) => testimonial.id !== 't1')
			.map((testimonial) => ({ ...testimonial, featured: false }))
		await client().save(admin.cookie, list)
		const shown = await homeTestimonials()
		expect(shown.map((testimonial) => testimonial.id)).toEqual(['t2', 't3'])
		expect(shown.some((testimonial) => testimonial.featured)).toBe(false)
	})

	test('a rating defaults to 5 and missing optional text to empty', async () => {
		const { body } = await client().save(admin.cookie, [{ id: 'x1', name: 'Ann', content: 'Great service from start to finish.' }])
		expect(body.content).toEqual([
			{
				id: 'x1',
				name: 'Ann',
				role: '',
				company: '',
				location: '',
				content: 'Great service from start to finish.',
				rating: 5,
				featured: false,
			},
		])
	})

	test.each([
		['0.name', [{ ...added, name: '' }], 'Name is required'],
		['0.content', [{ ...added, content: '  ' }], 'Testimonial is required'],
		['1.rating', [added, { ...added, id: 't-other', rating: 0 }], 'Rating must be between 1 and 5'],
		['0.rating', [{ ...added, rating: 6 }], 'Rating must be between 1 and 5'],
		['0.rating', [{ ...added, rating: 4.5 }], 'Rating must be a whole number'],
		['0.role', [{ ...added, role: 'r'.repeat(81) }], 'Must be at most 80 characters'],
		['form', Array.from({ length: 51 }, (_, index) => ({ ...added, id: `t${index}` })), 'At most 50 testimonials'],
	])('an invalid %s is refused with its message and nothing stored changes', async (path, list, message) => {
		const before = await storedVersions(services, 'testimonials')
		const stored = await services.content.get('testimonials')
		const { status, body } = await client().save(admin.cookie, list)
		expect(status).toBe(400)
		expect(body.errors[path]).toBe(message)
		expect(await services.content.get('testimonials')).toEqual(stored)
		expect(await storedVersions(services, 'testimonials')).toHaveLength(before.length)
	})

	test('restoring the seeded version brings the seeded testimonials back', async () => {
		const first = (await storedVersions(services, 'testimonials'))[0]!
		const { status, body } = await client().restore(admin.cookie, first.version)
		expect(status).toBe(200)
		expect(body.content).toEqual(seeded())
		expect((await homeTestimonials()).map((testimonial) => testimonial.id)).toEqual(['t1', 't2', 't3'])
		const { body: loaded } = await client().load(admin.cookie)
		expect(loaded.versions[0]).toMatchObject({ createdBy: admin.email })
		expect(loaded.versions.at(-1)).toMatchObject({ version: 1, createdBy: 'seed' })
	})

	accessControlTests(() => services, '/dashboard/testimonials', testimonialsRoute, 'testimonials', seeded)
})
