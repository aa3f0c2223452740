import { Toaster as Sonner } from 'sonner'

/**
 * Toasts sit at the bottom, above the quote wizard's Continue bar (about 70 px): at the top they covered
 * the sticky header (Back, the progress bar) and a dialog's close button, which sits at its top right.
 */
export const TOAST_OFFSET = { bottom: 96 } as const

/**
 * spec 1 §9: one toast at a time, 4-5 s. Rendered by the pages that show toasts rather than the root,
 * so pages without them do not load the toast library.
 */
export function Toaster() {
	return <Sonner visibleToasts={1} duration={4500} richColors position="bottom-center" offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET} />
}
