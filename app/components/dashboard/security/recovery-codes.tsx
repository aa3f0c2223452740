import { Form } from 'react-router'
import { inputClass } from '#app/components/ui/styles.ts'

/**
 * docs/decisions/0088: recovery codes on the Security screen: how many are left (never the codes), and new ones after
 * the password, shown once; each works once at the sign-in's second step in place of a code from the app.
 */
export function RecoveryCodes({ left, fresh, submitting }: { left: number | null; fresh: string[] | null; submitting: boolean }) {
	return (
		<div className="mt-6 border-t border-slate-200 pt-4">
			<h2 className="text-lg font-semibold text-slate-900">Recovery codes</h2>
			{fresh ? (
				<div className="mt-2 space-y-2">
					<p role="status" className="font-medium text-slate-900">
						Your new recovery codes. Keep them somewhere safe: they are shown only now, each works once, and the old ones no longer work.
					</p>
					<ul className="grid grid-cols-2 gap-1 font-mono text-sm text-slate-800" data-testid="recovery-codes">
						{fresh.map((code) => (
							<li key={code}>{code}</li>
						))}
					</ul>
				</div>
			) : (
				<p className="mt-1 text-slate-700" data-testid="recovery-codes-left">
					{left === 1 ? '1 recovery code left.' : `${left ?? 0} recovery codes left.`} Each works once if you lose your phone.
				</p>
			)}
			<Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
				<input type="hidden" name="intent" value="regenerate" />
				<div>
					<label htmlFor="regenerate-password" className="mb-1 block font-medium text-slate-800">
						Password
					</label>
					<input id="regenerate-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
				</div>
				<button type="submit" disabled={submitting} className="rounded-md border-2 border-brand-700 px-4 py-2 font-semibold text-brand-800">
					Make new recovery codes
				</button>
			</Form>
		</div>
	)
}
