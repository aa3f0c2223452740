import { Toaster as Sonner } from 'sonner'

/**
 * spec 1 §9: one toast at a time, 4-5 s. Rendered by the pages that show toasts rather than the root,
 * so pages without them do not load the toast library.
 */
export function Toaster() {
	return <Sonner visibleToasts={1} duration={4500} richColors position="top-center" />
}
