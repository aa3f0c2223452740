import { Link2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLoanForm } from '#app/components/quote/loan-form-context.tsx'
import { postJson } from '#app/features/quote-wizard/submit.ts'

type Link = { url: string; expiresAt: string }

/**
 * docs/decisions/0096: the borrower's link back to this quote, on any device, for 30 days: asked for once the lead
 * exists, shown with the day it stops working and a button that copies it. Nothing is shown if it cannot be had.
 */
export function ReturnLinkBox() {
	const { formData, leadToken } = useLoanForm()
	const leadId = formData.leadId
	const [link, setLink] = useState<Link | null>(null)
	const [copied, setCopied] = useState(false)

	useEffect(() => {
		const token = leadToken()
		if (!leadId || !token) return
		let current = true
		void postJson<Link>(`/api/leads/${encodeURIComponent(leadId)}/return-link`, {}, { idempotencyKey: crypto.randomUUID(), token }).then(
			(result) => {
				if (current && result.ok) setLink(result.body)
			},
		)
		return () => {
			current = false
		}
	}, [leadId, leadToken])

	if (!link) return null
	const until = new Date(link.expiresAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

	async function copy() {
		try {
			await navigator.clipboard.writeText(link!.url)
			setCopied(true)
		} catch {
			// No clipboard (an old browser, a denied permission): the link is selected for the visitor to copy.
			document.getElementById('return-link')?.focus()
		}
	}

	return (
		<div className="mx-auto mt-8 max-w-xl rounded-xl border border-slate-200 p-4 text-left print:hidden" data-testid="return-link">
			<p className="flex items-center gap-2 font-semibold text-slate-900">
				<Link2 className="h-4 w-4" aria-hidden="true" /> Come back to this quote on any device
			</p>
			<p className="mt-1 text-sm text-slate-700">
				Your personal link opens these terms and the rest of your application until {until}. Keep it to yourself: anyone with it can see
				your quote.
			</p>
			<div className="mt-3 flex flex-col gap-2 sm:flex-row">
				<label htmlFor="return-link" className="sr-only">
					Your link to this quote
				</label>
				<input
					id="return-link"
					readOnly
					value={link.url}
					onFocus={(event) => event.currentTarget.select()}
					className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm text-slate-900"
				/>
				<button
					type="button"
					onClick={copy}
					className="min-h-11 rounded-md border-2 border-brand-700 px-4 font-semibold text-brand-700 hover:bg-brand-50"
				>
					{copied ? 'Copied' : 'Copy link'}
				</button>
			</div>
			{/* Said once it is copied; no empty status waits on the page beside the thank-you screen's own. */}
			{copied ? (
				<p role="status" className="sr-only">
					The link is copied.
				</p>
			) : null}
		</div>
	)
}
