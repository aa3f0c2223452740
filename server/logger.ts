import pino from 'pino'

export function createLogger(level: string) {
	return pino({
		level,
		base: undefined,
		// Personal data never reaches the logs: bodies are not logged, and these keys are scrubbed if they appear.
		redact: { paths: ['email', 'phone', 'name', 'password', '*.email', '*.phone', '*.password'], censor: '[redacted]' },
	})
}
