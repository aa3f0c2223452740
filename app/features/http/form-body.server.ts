/** The two encodings a browser's form uses; every page action reads one of them with request.formData(). */
const FORM_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

export const FORM_WRONG_CONTENT_TYPE = 'This address accepts a form: send it as application/x-www-form-urlencoded or multipart/form-data.'
export const FORM_NOT_READABLE =
	'The form could not be read (the body is not valid form data, or its multipart boundary is missing or wrong). Reload the page and send it again.'

const refuse = (status: 400 | 415, message: string) =>
	new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/**
 * Every page with an action reads its body with request.formData(), which throws on a body that is
 * not the form it claims to be (multipart without or with a wrong boundary, JSON, plain text). This
 * checks it once, before any action runs: a 415 for a body that is not a form, a 400 for a form that
 * cannot be read, never a 500. The JSON API under /api/ reads its own bodies (json-body.server.ts).
 */
export async function requireReadableForm(request: Request) {
	if (request.method === 'GET' || request.method === 'HEAD') return
	if (new URL(request.url).pathname.startsWith('/api/')) return
	const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
	if (!FORM_CONTENT_TYPES.has(contentType)) throw refuse(415, FORM_WRONG_CONTENT_TYPE)
	try {
		// A clone, so the action still reads the body; bodies are small (server/body-limit.ts).
		await request.clone().formData()
	} catch {
		throw refuse(400, FORM_NOT_READABLE)
	}
}
