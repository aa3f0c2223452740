// What one process's memory is made of, over time (docs/decisions/0063). Loaded into the server with
// `node --import ./bench/memory-probe.ts` when the soak runs with SOAK_PROBE=1 (bench/serve.ts): every
// MEMORY_PROBE_MS it appends one JSON line to MEMORY_PROBE_FILE with process.memoryUsage(), V8's heap
// spaces, the size of every live WebAssembly.Memory and /proc/self/smaps summed by kind of mapping.
// The memories are held through WeakRefs, so the probe never keeps one alive (initdb's, for instance).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'

const file = process.env.MEMORY_PROBE_FILE ?? path.join(os.tmpdir(), `memory-probe-${process.pid}.jsonl`)
const intervalMs = Number(process.env.MEMORY_PROBE_MS ?? 15_000)
const started = Date.now()
const memories = new Set<WeakRef<WebAssembly.Memory>>()

function track(memory: unknown) {
	if (memory instanceof WebAssembly.Memory) memories.add(new WeakRef(memory))
}

function trackExports(instance: WebAssembly.Instance) {
	for (const value of Object.values(instance.exports)) track(value)
}

// Memories created in JavaScript (Emscripten's wasmMemory) and those a module exports.
const OriginalMemory = WebAssembly.Memory
WebAssembly.Memory = new Proxy(OriginalMemory, {
	construct(target, args: [WebAssembly.MemoryDescriptor]) {
		const memory = Reflect.construct(target, args) as WebAssembly.Memory
		track(memory)
		return memory
	},
})
const OriginalInstance = WebAssembly.Instance
WebAssembly.Instance = new Proxy(OriginalInstance, {
	construct(target, args: [WebAssembly.Module, WebAssembly.Imports?]) {
		const instance = Reflect.construct(target, args) as WebAssembly.Instance
		trackExports(instance)
		return instance
	},
})
const originalInstantiate = WebAssembly.instantiate.bind(WebAssembly)
WebAssembly.instantiate = (async (...args: Parameters<typeof WebAssembly.instantiate>) => {
	const result = (await originalInstantiate(...(args as [BufferSource]))) as unknown
	const instance = result instanceof OriginalInstance ? result : (result as { instance: WebAssembly.Instance }).instance
	trackExports(instance)
	return result
}) as typeof WebAssembly.instantiate

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10

/** Resident memory by kind of mapping: the heap brk, anonymous maps (large ones are WebAssembly reservations), files. */
function smaps() {
	const totals: Record<string, number> = {}
	let name = ''
	let size = 0
	try {
		for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
			const header = /^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+\d+\s*(.*)$/.exec(line)
			if (header) {
				name = header[1]!.trim()
				continue
			}
			if (line.startsWith('Size:')) size = Number(line.split(/\s+/)[1]) * 1024
			if (!line.startsWith('Rss:')) continue
			const rss = Number(line.split(/\s+/)[1]) * 1024
			let kind: string
			if (name === '') kind = size >= 1 << 30 ? 'anon>=1GB (wasm)' : size >= 64 << 20 ? 'anon>=64MB' : 'anon'
			else if (name.startsWith('[')) kind = name
			else if (name.endsWith('/node') || name.includes('/bin/node')) kind = 'node binary'
			else if (name.includes('.so')) kind = 'shared libs'
			else kind = 'other files'
			totals[kind] = (totals[kind] ?? 0) + rss
		}
	} catch {
		return {}
	}
	return Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, mb(value)]))
}

function sample() {
	const usage = process.memoryUsage()
	const wasm: number[] = []
	for (const ref of memories) {
		const memory = ref.deref()
		if (memory) wasm.push(mb(memory.buffer.byteLength))
		else memories.delete(ref)
	}
	const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_used_size)]))
	const line = {
		minute: Math.round(((Date.now() - started) / 60_000) * 100) / 100,
		rss: mb(usage.rss),
		heapUsed: mb(usage.heapUsed),
		heapTotal: mb(usage.heapTotal),
		external: mb(usage.external),
		arrayBuffers: mb(usage.arrayBuffers),
		wasm,
		spaces,
		smaps: smaps(),
	}
	fs.appendFileSync(file, `${JSON.stringify(line)}\n`)
}

setInterval(sample, intervalMs).unref()
