/** The 503 page's data when the database is unreachable (thrown from the server, shown by the root error boundary). */
export type UnavailableNotice = { unavailable: true; company: { name: string; phone: string; email: string } | null }

export const isUnavailableNotice = (value: unknown): value is UnavailableNotice =>
	typeof value === 'object' && value !== null && (value as { unavailable?: unknown }).unavailable === true
