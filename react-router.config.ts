import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// BUILD_DIR lets a benchmark or test build beside a running development build.
	buildDirectory: process.env.BUILD_DIR ?? 'build',
	// docs/decisions/0078: React Router's own Origin check compares against the Host the request arrived with (a reverse
	// proxy that rewrites it made every form a bare 400) and skips resource routes. The root middleware's check
	// (app/features/http/origin-check.server.ts) replaces it for every route: it accepts BASE_URL's origin, says what
	// happened on a page and logs both origins. `**` matches every host, so React Router's check never answers first.
	allowedActionOrigins: ['**'],
} satisfies Config
