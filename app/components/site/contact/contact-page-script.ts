/**
 * The contact page's inline script (docs/decisions/0037): the page ships no bundle. The form is a plain post whose
 * answer the server renders (the fields' messages, or the confirmation), so the rules live once, in the schema the
 * action checks. This script only adds what a post cannot: the map on request, "Sending..." while the post is on
 * its way, the focus on the first field to fix, and the confirmation toast leaving after 4.5 s (spec 2 §8).
 * It is self-contained: serialised into the page as it is.
 */
export function enhanceContactPage() {
	const placeholder = document.querySelector<HTMLElement>('[data-map-embed]')
	placeholder?.querySelector('button')?.addEventListener('click', () => {
		const frame = document.createElement('iframe')
		frame.title = placeholder.dataset.mapTitle ?? 'Map'
		frame.className = 'h-64 w-full'
		frame.loading = 'lazy'
		frame.referrerPolicy = 'no-referrer'
		frame.src = placeholder.dataset.mapEmbed ?? ''
		placeholder.replaceWith(frame)
	})
	const form = document.querySelector<HTMLFormElement>('form[data-contact-form]')
	form?.addEventListener('submit', () => {
		const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
		// After the submit event, so the post still carries every field.
		setTimeout(() => {
			if (!button) return
			button.disabled = true
			button.textContent = 'Sending...'
		}, 0)
	})
	document.querySelector<HTMLElement>('form[data-contact-form] [aria-invalid="true"]')?.focus()
	const toast = document.querySelector<HTMLElement>('[data-toast]')
	if (toast) setTimeout(() => toast.remove(), 4500)
}

export const contactPageScript = `(${enhanceContactPage})()`
