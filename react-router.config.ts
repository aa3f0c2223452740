import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// BUILD_DIR lets a benchmark or test build beside a running development build.
	buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
