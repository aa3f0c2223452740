import { Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { buttonClass } from '#app/components/ui/styles.ts'

/**
 * Copies the secret shown once, whole (a phone's tap-to-select stops at its +, / and =). Only with JavaScript, once the
 * page is live: without it the secret is selected by hand.
 */
export function CopySecret({ secret }: { secret: string }) {
	const [live, setLive] = useState(false)
	const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
	useEffect(() => setLive(true), [])
	if (!live) return null
	return (
		<p className="flex flex-wrap items-center gap-3">
			<button
				type="button"
				className={buttonClass.secondary}
				onClick={() =>
					navigator.clipboard.writeText(secret).then(
						() => setCopied('copied'),
						() => setCopied('failed'),
					)
				}
			>
				<Copy className="h-4 w-4" aria-hidden="true" /> Copy secret
			</button>
			<span role="status">
				{copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Could not copy: select the secret and copy it' : ''}
			</span>
		</p>
	)
}
