import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

/** Hosts the pages may frame: the click-to-load map, and the scheduling page when one is configured. */
const FRAME_SOURCES = ['https://www.openstreetmap.org']

export function securityHeaders(options: { isProduction: boolean; https: boolean; schedulingUrl?: string }) {
	const frameSources = options.schedulingUrl ? [...FRAME_SOURCES, new URL(options.schedulingUrl).origin] : FRAME_SOURCES
	return (_req: Request, res: Response, next: NextFunction) => {
		const nonce = crypto.randomBytes(16).toString('base64')
		res.locals.nonce = nonce
		// Vite's dev server injects inline scripts, so only production gets the strict nonce policy.
		const scriptSrc = options.isProduction ? `'self' 'nonce-${nonce}'` : `'self' 'unsafe-inline' 'unsafe-eval'`
		const directives = [
			`default-src 'self'`,
			`script-src ${scriptSrc}`,
			`style-src 'self' 'unsafe-inline'`,
			`img-src 'self' data: https:`,
			`font-src 'self'`,
			`connect-src 'self'${options.isProduction ? '' : ' ws: wss:'}`,
			`frame-src ${frameSources.join(' ')}`,
			`frame-ancestors 'none'`,
			`base-uri 'self'`,
			`form-action 'self'`,
			`object-src 'none'`,
		]
		res.setHeader('Content-Security-Policy', directives.join('; '))
		res.setHeader('X-Content-Type-Options', 'nosniff')
		res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
		res.setHeader('X-Frame-Options', 'DENY')
		res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
		res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
		if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		next()
	}
}
