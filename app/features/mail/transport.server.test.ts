import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { STALE_PARTIAL_MS, createFileTransport, removeStalePartials } from './transport.server.ts'

const dirs: string[] = []
const tempDir = () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lender-mail-'))
	dirs.push(dir)
	return dir
}
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const partials = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.partial'))
const messages = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.eml'))
const mail = (n: number) => ({
	from: 'a@example.com',
	to: ['b@example.com'],
	subject: `Message ${n}`,
	text: 'x'.repeat(200_000),
	messageId: `<${n}@example.com>`,
})

describe('mail written as files', () => {
	test('kill -9 while writing leaves hidden .partial files; the next start removes them and keeps every message', async () => {
		const dir = tempDir()
		const transportModule = new URL('./transport.server.ts', import.meta.url).pathname
		// A process that writes messages as fast as it can, 20 at a time as the outbox does, until it is killed.
		const script = `
			const { createFileTransport } = await import(${JSON.stringify(transportModule)})
			const transport = createFileTransport(${JSON.stringify(dir)})
			let n = 0
			const one = async () => { for (;;) await transport.send({ from: 'a@example.com', to: ['b@example.com'], subject: 'm' + n++, text: 'x'.repeat(200000), messageId: '<' + n + '@x>' }) }
			for (let i = 0; i < 20; i++) one()
			process.stdout.write('writing\\n')
		`
		let left = 0
		for (let kill = 0; kill < 10 && left === 0; kill++) {
			const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
			await new Promise((resolve) => child.stdout.once('data', resolve))
			// Killed while a write is under way, however slow a busy machine makes the child (up to 5 s of looking).
			for (let look = 0; look < 5_000 && partials(dir).length === 0; look++) await new Promise((resolve) => setTimeout(resolve, 1))
			child.kill('SIGKILL')
			await new Promise((resolve) => child.once('exit', resolve))
			left = partials(dir).length
		}
		expect(left, 'a killed writer leaves .partial files behind').toBeGreaterThan(0)
		const written = messages(dir).length
		// A partial file younger than a minute may be another live process's write: kept.
		expect(await removeStalePartials(dir)).toBe(0)
		expect(partials(dir)).toHaveLength(left)
		expect(await removeStalePartials(dir, Date.now() + STALE_PARTIAL_MS + 1_000)).toBe(left)
		expect(partials(dir)).toEqual([])
		expect(messages(dir)).toHaveLength(written)
	}, 60_000)

	test('a message is whole when it gets its name, and leaves no temporary file', async () => {
		const dir = tempDir()
		const transport = createFileTransport(dir)
		await transport.send(mail(1))
		expect(messages(dir)).toHaveLength(1)
		expect(fs.readFileSync(path.join(dir, messages(dir)[0]!), 'utf8')).toContain('Subject: Message 1')
		expect(partials(dir)).toEqual([])
	})

	test('a missing mail folder has nothing to remove', async () => {
		expect(await removeStalePartials(path.join(tempDir(), 'never-created'))).toBe(0)
	})
})
