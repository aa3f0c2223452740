import zlib from 'node:zlib'

/**
 * A gzip body assembled per response from pieces compressed once: the text between the slots is
 * deflated ahead of time, each ending on a byte boundary (a full flush, so no piece refers back to
 * another), and whatever goes into a slot (a fresh CSP nonce) is inserted as a stored block. Only
 * the CRC-32 is computed per response, so a cached page costs no compression work.
 */
export type SplicedGzip = { pieces: Buffer[]; crcs: number[]; lengths: number[]; length: number }

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
/** An empty final stored block ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

export function prepareSplicedGzip(segments: string[]): SplicedGzip {
	const texts = segments.map((segment) => Buffer.from(segment, 'utf8'))
	const pieces = texts.map((text) => ownCopy(zlib.deflateRawSync(text, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH })))
	// Warm the shift operators now, so no response computes one.
	for (const text of texts) crc32ShiftOperator(text.length)
	return {
		pieces,
		crcs: texts.map((text) => zlib.crc32(text)),
		lengths: texts.map((text) => text.length),
		length: texts.reduce((sum, text) => sum + text.length, 0),
	}
}

/**
 * zlib's answer is a view into its 16 KB output chunk, itself part of a larger slab: kept as it is, a
 * piece of 100 bytes holds on to 16-64 KB (docs/decisions/0063). A stored piece gets memory of its own size.
 */
function ownCopy(piece: Buffer) {
	const copy = Buffer.allocUnsafeSlow(piece.length)
	piece.copy(copy)
	return copy
}

function storedBlock(data: Buffer) {
	const header = Buffer.alloc(5)
	header[0] = 0x00 // not final, stored; the rest of the byte is padding
	header.writeUInt16LE(data.length, 1)
	header.writeUInt16LE(~data.length & 0xffff, 3)
	return [header, data]
}

/** The whole gzip body with `fill` in every slot (a slot's text must be under 64 KiB). */
export function spliceGzip(prepared: SplicedGzip, fill: string): Buffer {
	const filler = Buffer.from(fill, 'utf8')
	const parts: Buffer[] = [HEADER]
	const fillerCrc = zlib.crc32(filler)
	let crc = 0
	prepared.pieces.forEach((piece, index) => {
		if (index > 0) {
			parts.push(...storedBlock(filler))
			crc = crc32Combine(crc, fillerCrc, filler.length)
		}
		parts.push(piece)
		crc = index === 0 ? prepared.crcs[0]! : crc32Combine(crc, prepared.crcs[index]!, prepared.lengths[index]!)
	})
	const size = prepared.length + filler.length * (prepared.pieces.length - 1)
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(size >>> 0, 4)
	parts.push(FINAL_BLOCK, trailer)
	return Buffer.concat(parts)
}

// CRC-32 of two pieces joined, from the CRC of each (as zlib's crc32_combine): appending n bytes
// is a linear map on the CRC, a 32x32 bit matrix computed once per length. The text between the
// nonces is hashed once, when the page is stored; a response costs a few matrix-vector products.
function gf2Times(matrix: Uint32Array, vector: number) {
	let sum = 0
	for (let index = 0; vector !== 0; index++, vector >>>= 1) if (vector & 1) sum ^= matrix[index]!
	return sum >>> 0
}

/** The matrix of `first` then `second` (each maps a CRC to the CRC after some zero bytes). */
function gf2Compose(second: Uint32Array, first: Uint32Array) {
	const result = new Uint32Array(32)
	for (let index = 0; index < 32; index++) result[index] = gf2Times(second, first[index]!)
	return result
}

const operators = new Map<number, Uint32Array>()

/** The linear map that advances a CRC over `length` zero bytes. */
export function crc32ShiftOperator(length: number) {
	const known = operators.get(length)
	if (known) return known
	// One zero bit, then one zero byte (eight bits).
	let power = new Uint32Array(32)
	power[0] = 0xedb88320
	for (let index = 1; index < 32; index++) power[index] = 1 << (index - 1)
	for (let bit = 0; bit < 3; bit++) power = gf2Compose(power, power)
	let result: Uint32Array | null = null
	for (let remaining = length; remaining > 0; remaining = Math.floor(remaining / 2)) {
		if (remaining & 1) result = result ? gf2Compose(power, result) : power
		if (remaining > 1) power = gf2Compose(power, power)
	}
	const operator = result ?? Uint32Array.from({ length: 32 }, (_, index) => (1 << index) >>> 0)
	if (operators.size < 1_000) operators.set(length, operator)
	return operator
}

export function crc32Combine(crc1: number, crc2: number, length2: number) {
	if (length2 <= 0) return crc1 >>> 0
	return (gf2Times(crc32ShiftOperator(length2), crc1 >>> 0) ^ crc2) >>> 0
}
