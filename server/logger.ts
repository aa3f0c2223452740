import pino from 'pino'

/** JSON lines on stdout, or on `destination` (a test reads what would have been logged). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
	return pino(
		{
			level,
			base: undefined,
			// Personal data never reaches the logs: bodies are not logged, and these keys are scrubbed if they appear.
			redact: { paths: ['email', 'phone', 'name', 'password', '*.email', '*.phone', '*.password'], censor: '[redacted]' },
		},
		destination,
	)
}
