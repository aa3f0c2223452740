import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { accessControlTests, editorClient, storedVersions } from '../../../tests/content-editor-kit.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { loader as homeLoader } from '#app/routes/site/home.tsx'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff } from '../../../tests/staff-session.ts'
import * as heroRoute from './hero.tsx'

let handle: DatabaseHandle
let services: AppServices
let dataDir: string
let admin: { cookie: string; email: string }
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hero-editor-'))
	handle = await createTestDatabase()
	services = await seededServices(handle, { DATA_DIR: dataDir })
	admin = await signedInStaff(services, ['admin'])
})
afterAll(async () => {
	await handle.close()
	await fs.rm(dataDir, { recursive: true, force: true })
})

const client = () => editorClient(services, '/dashboard/hero', heroRoute)
const hero = (overrides: Record<string, unknown> = {}) => ({ ...defaultContent().hero, ...overrides })
const homeHero = async () =>
	(
		(await homeLoader({ request: new Request('http://localhost:3000/'), context: routeContext(services), params: {} } as never)) as {
			hero: unknown
		}
	).hero

describe('hero editor', () => {
	test('the loader gives the stored hero and its version history', async () => {
		const { status, body } = await client().load(admin.cookie)
		expect(status).toBe(200)
		expect(body.content).toEqual(await services.content.get('hero'))
		expect(body.versions[0]).toMatchObject({ version: expect.any(Number), createdBy: expect.any(String), createdAt: expect.any(String) })
	})

	test('a save shows on the home page at the next request and records who saved it', async () => {
		const saved = hero({
			title: 'Bridge Loans in 7 Days',
			subtitle: 'No tax returns.',
			ctaText: 'Get My Rate',
			backgroundImage: 'https://images.example.com/hero.jpg',
		})
		const { status, body } = await client().save(admin.cookie, saved)
		expect(status).toBe(200)
		expect(body).toMatchObject({ ok: true, intent: 'save', content: saved })
		expect(await homeHero()).toEqual(saved)
		const versions = await storedVersions(services, 'hero')
		expect(versions.at(-1)).toMatchObject({ createdBy: admin.email, data: saved })
		const { body: loaded } = await client().load(admin.cookie)
		expect(loaded.versions[0]).toMatchObject({ version: versions.at(-1)!.version, createdBy: admin.email })
	})

	test('text is stored trimmed', async () => {
		const { body } = await client().save(admin.cookie, hero({ title: '  Spaced Title  ' }))
		expect(body.content.title).toBe('Spaced Title')
	})

	test.each([
		['title', { title: '' }, 'Main title is required'],
		['title', { title: 'x'.repeat(121) }, 'Main title must be at most 120 characters'],
		['subtitle', { subtitle: '   ' }, 'Subtitle is required'],
		['ctaText', { ctaText: '' }, 'Call-to-action button text is required'],
		['backgroundImage', { backgroundImage: 'javascript:alert(1)' }, 'Enter a URL starting with https:// or /'],
	])('an invalid %s is refused with its message and nothing stored changes', async (field, overrides, message) => {
		const before = await storedVersions(services, 'hero')
		const stored = await services.content.get('hero')
		const { status, body } = await client().save(admin.cookie, hero(overrides))
		expect(status).toBe(400)
		expect(body).toMatchObject({ ok: false, intent: 'save', errors: { [field]: message } })
		expect(await services.content.get('hero')).toEqual(stored)
		expect(await storedVersions(services, 'hero')).toHaveLength(before.length)
	})

	test('a payload that is not a document is refused', async () => {
		const { status, body } = await client().post(admin.cookie, { intent: 'save', payload: '{not json' })
		expect(status).toBe(400)
		expect(body.errors.form).toBeTruthy()
		expect((await client().post(admin.cookie, { intent: 'publish' })).status).toBe(400)
	})

	test('restoring an earlier version saves it again as the newest, for everyone to see', async () => {
		await client().save(admin.cookie, hero({ title: 'Before the restore' }))
		const first = (await storedVersions(services, 'hero'))[0]!
		const { status, body } = await client().restore(admin.cookie, first.version)
		expect(status).toBe(200)
		expect(body).toMatchObject({ ok: true, intent: 'restore', restoredVersion: first.version, content: first.data })
		expect(await homeHero()).toEqual(first.data)
		const newest = (await storedVersions(services, 'hero')).at(-1)!
		expect(newest).toMatchObject({ data: first.data, createdBy: admin.email })
		expect(newest.version).toBeGreaterThan(first.version)
	})

	test('restoring a version that does not exist changes nothing', async () => {
		const before = await storedVersions(services, 'hero')
		expect(await client().restore(admin.cookie, 9999)).toMatchObject({
			status: 400,
			body: { ok: false, errors: { version: 'Version 9999 does not exist' } },
		})
		expect((await client().post(admin.cookie, { intent: 'restore', version: 'latest' })).status).toBe(400)
		// Versions start at 1: a 0 is no choice at all, not a version that went missing.
		expect(await client().restore(admin.cookie, 0)).toMatchObject({
			status: 400,
			body: { ok: false, errors: { version: 'Choose a version to restore' } },
		})
		expect(await storedVersions(services, 'hero')).toHaveLength(before.length)
	})

	accessControlTests(
		() => services,
		'/dashboard/hero',
		heroRoute,
		'hero',
		() => hero({ title: 'Should never be saved' }),
	)
})

const magic = {
	jpeg: [0xff, 0xd8, 0xff, 0xe0],
	png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
	webp: [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
	gif: [...Buffer.from('GIF89a')],
}
const imageBytes = (start: number[], size = 2048) => {
	const bytes = crypto.randomBytes(size)
	bytes.set(start)
	return bytes
}
const uploadForm = (bytes: Uint8Array, name: string, type: string) => {
	const form = new FormData()
	form.set('intent', 'upload')
	form.set('image', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
	return form
}

describe('hero background upload', () => {
	test.each([
		['jpeg', 'jpg'],
		['png', 'png'],
		['webp', 'webp'],
	] as const)('a %s image is stored under DATA_DIR/uploads with its content hash as name', async (kind, extension) => {
		const bytes = imageBytes(magic[kind])
		// The name and declared type say nothing: the bytes decide.
		const { status, body } = await client().post(admin.cookie, uploadForm(bytes, 'notes.txt', 'text/plain'))
		expect(status).toBe(200)
		const hash = crypto.createHash('sha256').update(bytes).digest('hex')
		expect(body).toEqual({ ok: true, intent: 'upload', url: `/uploads/${hash}.${extension}` })
		expect(Buffer.compare(await fs.readFile(path.join(dataDir, 'uploads', `${hash}.${extension}`)), bytes)).toBe(0)
	})

	test('the URL goes into the hero and the home page uses it', async () => {
		const { body } = await client().post(admin.cookie, uploadForm(imageBytes(magic.png), 'hero.png', 'image/png'))
		await client().save(admin.cookie, hero({ backgroundImage: body.url }))
		expect(await homeHero()).toMatchObject({ backgroundImage: body.url })
	})

	test.each([
		['a GIF', imageBytes(magic.gif), 'photo.gif', 'image/gif'],
		['a text file named .png', Buffer.from('just some text, not a picture'), 'photo.png', 'image/png'],
		['an HTML page declared as JPEG', Buffer.from('<html><script>alert(1)</script></html>'), 'photo.jpg', 'image/jpeg'],
	])('%s is refused and nothing is stored', async (_name, bytes, name, type) => {
		const before = await fs.readdir(path.join(dataDir, 'uploads')).catch(() => [])
		const { status, body } = await client().post(admin.cookie, uploadForm(bytes, name, type))
		expect(status).toBe(400)
		expect(body).toEqual({ ok: false, intent: 'upload', errors: { image: 'Upload a JPEG, PNG or WebP image' } })
		expect(await fs.readdir(path.join(dataDir, 'uploads')).catch(() => [])).toEqual(before)
	})

	test('an image over 5 MB is refused, however it is sent', async () => {
		const justOver = await client().post(admin.cookie, uploadForm(imageBytes(magic.png, 5 * 1024 * 1024 + 1), 'big.png', 'image/png'))
		expect(justOver).toMatchObject({ status: 413, body: { ok: false, errors: { image: 'The image must be at most 5 MB' } } })
		const huge = await client().post(admin.cookie, uploadForm(imageBytes(magic.png, 8 * 1024 * 1024), 'huge.png', 'image/png'))
		expect(huge).toMatchObject({ status: 413, body: { ok: false, errors: { image: 'The image must be at most 5 MB' } } })
		const exactly = await client().post(admin.cookie, uploadForm(imageBytes(magic.png, 5 * 1024 * 1024), 'max.png', 'image/png'))
		expect(exactly.status).toBe(200)
	})

	test('an upload without a file says what to do', async () => {
		const form = new FormData()
		form.set('intent', 'upload')
		expect(await client().post(admin.cookie, form)).toMatchObject({ status: 400, body: { errors: { image: 'Choose an image to upload' } } })
	})

	test('only admins may upload', async () => {
		const { cookie } = await signedInStaff(services, ['moderator'])
		expect((await client().post(cookie, uploadForm(imageBytes(magic.png), 'a.png', 'image/png'))).status).toBe(403)
		expect((await client().post(null, uploadForm(imageBytes(magic.png), 'a.png', 'image/png'))).status).toBe(302)
	})
})
