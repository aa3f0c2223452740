import fs from 'node:fs'
import util from 'node:util'
import { describe, expect, test } from 'vitest'
import { ConfigError, configSchema, loadConfig } from './config.ts'

function problemsOf(env: Record<string, string>) {
	try {
		loadConfig(env)
	} catch (error) {
		if (error instanceof ConfigError) return error.problems
		throw error
	}
	return []
}

describe('loadConfig', () => {
	test('defaults: port 3000, ./data, embedded database, base URL from the port', () => {
		const config = loadConfig({})
		expect(config.PORT).toBe(3000)
		expect(config.DATABASE_URL).toBeUndefined()
		expect(config.baseUrl).toBe('http://localhost:3000')
		expect(config.dataDir).toMatch(/data$/)
		expect(config.mailDir).toMatch(/data\/mail$/)
	})

	test('empty strings count as unset', () => {
		expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined()
	})

	test('each bad value gets its own clear message', () => {
		const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', BASE_URL: 'example.com' })
		expect(problems).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^PORT: PORT must be a whole number/),
				expect.stringMatching(/^DATABASE_URL: DATABASE_URL must be a postgres:\/\//),
				expect.stringMatching(/^SMTP_URL: SMTP_URL must be an smtp:\/\//),
				expect.stringMatching(/^BASE_URL: BASE_URL must be an http/),
			]),
		)
		expect(problems).toHaveLength(4)
	})

	test('ADMIN_EMAIL and ADMIN_PASSWORD go together', () => {
		expect(problemsOf({ ADMIN_EMAIL: 'boss@example.com' })).toEqual(['ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)'])
		expect(problemsOf({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'x' })[0]).toMatch(/ADMIN_EMAIL must be an e-mail address/)
	})

	test('BASE_URL loses its trailing slash', () => {
		expect(loadConfig({ BASE_URL: 'https://www.example.com/' }).baseUrl).toBe('https://www.example.com')
	})

	test('webhook settings: http off, no private receivers, 4 slots by default; bad entries named', () => {
		const config = loadConfig({})
		expect(config.WEBHOOK_ALLOW_HTTP).toBe(false)
		expect(config.WEBHOOK_ALLOWED_HOSTS).toEqual([])
		expect(config.WEBHOOK_CONCURRENCY).toBe(4)
		const allowed = loadConfig({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: ' CRM.internal, 10.0.0.0/8,::1, 127.0.0.1 ' })
		expect(allowed.WEBHOOK_ALLOW_HTTP).toBe(true)
		expect(allowed.WEBHOOK_ALLOWED_HOSTS).toEqual(['crm.internal', '10.0.0.0/8', '::1', '127.0.0.1'])
		expect(problemsOf({ WEBHOOK_ALLOWED_HOSTS: '10.0.0.0/33' })[0]).toMatch(/^WEBHOOK_ALLOWED_HOSTS: /)
		expect(problemsOf({ WEBHOOK_ALLOWED_HOSTS: 'http://x' })[0]).toMatch(/^WEBHOOK_ALLOWED_HOSTS: /)
		expect(problemsOf({ WEBHOOK_ALLOW_HTTP: 'yes' })[0]).toMatch(/^WEBHOOK_ALLOW_HTTP: WEBHOOK_ALLOW_HTTP must be true or false/)
		expect(problemsOf({ WEBHOOK_CONCURRENCY: '0' })[0]).toMatch(/^WEBHOOK_CONCURRENCY: /)
	})

	test('HubSpot forms host: HubSpot’s own unless set; plain http only beside WEBHOOK_ALLOW_HTTP', () => {
		expect(loadConfig({}).HUBSPOT_FORMS_API_URL).toBeUndefined()
		expect(loadConfig({ HUBSPOT_FORMS_API_URL: 'https://proxy.example.com' }).HUBSPOT_FORMS_API_URL).toBe('https://proxy.example.com')
		expect(problemsOf({ HUBSPOT_FORMS_API_URL: 'ftp://x' })[0]).toMatch(/^HUBSPOT_FORMS_API_URL: /)
		expect(problemsOf({ HUBSPOT_FORMS_API_URL: 'http://127.0.0.1:9' })[0]).toMatch(/needs WEBHOOK_ALLOW_HTTP=true/)
		expect(loadConfig({ HUBSPOT_FORMS_API_URL: 'http://127.0.0.1:9', WEBHOOK_ALLOW_HTTP: 'true' }).HUBSPOT_FORMS_API_URL).toBe(
			'http://127.0.0.1:9',
		)
	})
})

describe('what an operator copies', () => {
	const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8')
	const example = fs.readFileSync(new URL('../.env.example', import.meta.url), 'utf8')

	test('.env.example copied as it is keeps links on this machine and the session cookie usable over http', () => {
		const config = loadConfig(util.parseEnv(example) as Record<string, string>)
		expect(config.BASE_URL).toBeUndefined()
		expect(config.baseUrl).toBe(`http://localhost:${config.PORT}`)
	})

	test("every variable is in README's configuration table and in .env.example", () => {
		const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## How it fits together'))
		for (const name of Object.keys(configSchema.shape)) {
			expect(table, name).toContain(`\`${name}\``)
			expect(example, name).toContain(name)
		}
	})

	test("README's Set up keeps two commands, and says how to make the first admin beside the first", () => {
		const setUp = readme.slice(readme.indexOf('## Set up'), readme.indexOf('## Configuration'))
		const firstTwo = setUp.slice(0, setUp.indexOf('Other commands'))
		expect(firstTwo.match(/```sh/g)).toHaveLength(2)
		const first = firstTwo.indexOf('npm install && npm start')
		const note = firstTwo.indexOf('ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=')
		expect(note).toBeGreaterThan(first)
		expect(note).toBeLessThan(firstTwo.indexOf('npm install && npm test'))
		expect(firstTwo.slice(note)).toMatch(/^ADMIN_EMAIL=\S+ ADMIN_PASSWORD=.+ npm start/)
	})
})
