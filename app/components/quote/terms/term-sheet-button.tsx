import { Download } from 'lucide-react'
import { useState } from 'react'
import type { TermsChoiceInput, TermsRefinements } from '#app/features/pricing/borrower-terms.ts'

/**
 * docs/decisions/0095: "Download term sheet" beside "Print term sheet". The server prices the lead again from the same
 * refinements and choice the panel shows and answers the PDF, with a code its verify page knows; the browser only saves it.
 */
export function TermSheetButton({
	leadId,
	token,
	body,
	phone,
}: {
	leadId: string
	token: string
	body: { refinements: TermsRefinements; choice?: TermsChoiceInput }
	phone: string
}) {
	const [busy, setBusy] = useState(false)
	const [problem, setProblem] = useState('')

	async function download() {
		setBusy(true)
		setProblem('')
		const failed = (message: string) => setProblem(`${message} You can also call us at ${phone}.`)
		try {
			const response = await fetch(`/api/leads/${leadId}/term-sheet`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
				body: JSON.stringify(body),
			})
			if (!response.ok) {
				const answer = (await response.json().catch(() => ({}))) as { error?: unknown }
				failed(typeof answer.error === 'string' ? answer.error : 'We could not make your term sheet.')
				return
			}
			const url = URL.createObjectURL(await response.blob())
			const link = document.createElement('a')
			link.href = url
			link.download = `term-sheet-${response.headers.get('X-Term-Sheet-Code') ?? 'indicative'}.pdf`
			document.body.append(link)
			link.click()
			link.remove()
			setTimeout(() => URL.revokeObjectURL(url), 60_000)
		} catch {
			failed('We could not reach our server to make your term sheet.')
		} finally {
			setBusy(false)
		}
	}

	return (
		<>
			<button
				type="button"
				onClick={download}
				disabled={busy}
				className="inline-flex items-center gap-2 rounded-md border-2 border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
			>
				<Download className="h-4 w-4" aria-hidden="true" /> {busy ? 'Preparing term sheet...' : 'Download term sheet'}
			</button>
			{problem ? (
				<p role="alert" className="w-full text-sm font-medium text-red-700">
					{problem}
				</p>
			) : null}
		</>
	)
}
