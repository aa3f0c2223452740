import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import helmet from 'helmet'

/** Hosts the pages may frame: the click-to-load map, and the scheduling page when one is configured. */
const FRAME_SOURCES = ['https://www.openstreetmap.org']

/** Browser features no page uses: never granted, to the site or to a frame. Helmet sends no Permissions-Policy. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()'

/**
 * The security headers of every answer, set by helmet (docs/decisions/0083). Each header helmet would add by default
 * and the site never sent is turned off, so the policy is the one written here and nothing more: a CSP with a fresh
 * nonce per answer in production, no framing, no MIME sniffing, HSTS only when the site is https.
 */
export function securityHeaders(options: { isProduction: boolean; https: boolean; schedulingUrl?: string }) {
	const frameSources = options.schedulingUrl ? [...FRAME_SOURCES, new URL(options.schedulingUrl).origin] : FRAME_SOURCES
	const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.nonce}'`
	const policy = helmet({
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				defaultSrc: ["'self'"],
				// Vite's dev server injects inline scripts, so only production gets the strict nonce policy.
				scriptSrc: options.isProduction ? ["'self'", nonce] : ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
				styleSrc: ["'self'", "'unsafe-inline'"],
				imgSrc: ["'self'", 'data:', 'https:'],
				fontSrc: ["'self'"],
				connectSrc: options.isProduction ? ["'self'"] : ["'self'", 'ws:', 'wss:'],
				frameSrc: frameSources,
				frameAncestors: ["'none'"],
				baseUri: ["'self'"],
				formAction: ["'self'"],
				objectSrc: ["'none'"],
			},
		},
		crossOriginEmbedderPolicy: false,
		crossOriginOpenerPolicy: { policy: 'same-origin' },
		crossOriginResourcePolicy: false,
		originAgentCluster: false,
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
		xContentTypeOptions: true,
		xDnsPrefetchControl: false,
		xDownloadOptions: false,
		xFrameOptions: { action: 'deny' },
		xPermittedCrossDomainPolicies: false,
		// The app itself drops X-Powered-By (http-app.ts).
		xPoweredBy: false,
		xXssProtection: false,
	})
	return (req: Request, res: Response, next: NextFunction) => {
		res.locals.nonce = crypto.randomBytes(16).toString('base64')
		res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
		policy(req, res, next)
	}
}
