// What the browser shows of a refused cross-origin post (docs/decisions/0078); the check is origin-check.server.ts.

/** What the refusal page shows (root ErrorBoundary; a resource route answers it as JSON); the JSON API gets `{error}`. */
export type CrossOriginNotice = { crossOrigin: true; origin: string; expected: string; message: string }

export const isCrossOriginNotice = (value: unknown): value is CrossOriginNotice =>
	typeof value === 'object' && value !== null && (value as { crossOrigin?: unknown }).crossOrigin === true

/** Said to the JSON API's caller; the page says the same in its own words. */
export const crossOriginMessage = (expected: string) =>
	`This form was sent from a page that is not part of ${expected}, so nothing was saved. Open ${expected} in your browser and send it again from there.`
