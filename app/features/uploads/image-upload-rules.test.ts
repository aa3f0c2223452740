import { describe, expect, test } from 'vitest'
import { checkImageUpload, detectImageType } from './image-upload-rules.ts'

const bytes = (...parts: (number[] | string)[]) =>
	Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)))

describe('detectImageType', () => {
	test.each([
		['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
		['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1, 0, 0x10]), 'image/jpeg'],
		['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'image/png'],
		['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
	])('knows %s by its first bytes', (_name, input, type) => {
		expect(detectImageType(input)).toBe(type)
	})

	test.each([
		['GIF', bytes('GIF89a', [1, 0, 1, 0])],
		['a WAV file (RIFF but not WebP)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
		['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
		['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
		['nothing', bytes()],
	])('refuses %s', (_name, input) => {
		expect(detectImageType(input)).toBeNull()
	})
})

describe('checkImageUpload', () => {
	const png = (size: number) => {
		const image = new Uint8Array(size)
		image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
		return image
	}
	test('accepts up to 5 MB exactly and refuses a byte more', () => {
		// 5 MB written out, as the message says it (a changed limit fails here).
		const fiveMegabytes = 5 * 1024 * 1024
		expect(checkImageUpload(png(fiveMegabytes))).toEqual({ ok: true, type: 'image/png' })
		expect(checkImageUpload(png(fiveMegabytes + 1))).toEqual({ ok: false, message: 'The image must be at most 5 MB' })
	})
	test('says what is wrong with an empty or foreign file', () => {
		expect(checkImageUpload(new Uint8Array())).toEqual({ ok: false, message: 'Choose an image to upload' })
		expect(checkImageUpload(bytes('%PDF-1.7'))).toEqual({ ok: false, message: 'Upload a JPEG, PNG or WebP image' })
	})
})
