import { History } from 'lucide-react'
import { useState } from 'react'
import type { ContentVersionSummary } from '#app/features/content/content-admin.server.ts'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { buttonClass, panelClass } from '#app/components/ui/styles.ts'
import { LocalTime } from './local-time.tsx'

/** Who saved a version, in words; the first version of each record is the installation's default. */
function savedBy(createdBy: string | null) {
	if (createdBy === 'seed') return 'Installed default'
	return createdBy ?? 'Unknown'
}

/**
 * The latest versions of a record (number, time, who, and the change note saved with it, if any) with a Restore
 * button that asks first; a screen that restores otherwise (the rate sheet previews first) draws its own control.
 */
export function VersionHistory({
	versions,
	onRestore,
	busy,
	hasUnsavedChanges,
	restoreControl,
	description = 'Every save is kept. Restoring a version saves it again as the newest one.',
}: {
	versions: ContentVersionSummary[]
	onRestore?: (version: number) => void
	busy: boolean
	hasUnsavedChanges: boolean
	restoreControl?: (entry: ContentVersionSummary) => React.ReactNode
	description?: string
}) {
	const [asking, setAsking] = useState<number | null>(null)
	return (
		<section aria-labelledby="version-history-heading" className={`${panelClass} mt-8`}>
			<h2 id="version-history-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
				<History className="h-5 w-5 text-brand-700" aria-hidden="true" /> Version history
			</h2>
			<p className="mt-1 text-sm text-slate-600">{description}</p>
			<ol className="mt-4 divide-y divide-slate-200" data-testid="version-history">
				{versions.map((entry, index) => (
					<li key={entry.version} className="flex flex-wrap items-center justify-between gap-3 py-3">
						<div className="min-w-0 text-sm">
							<p className="font-semibold text-slate-900">
								Version {entry.version}
								{index === 0 ? (
									<span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Current</span>
								) : null}
							</p>
							<p className="text-slate-600">
								<LocalTime iso={entry.createdAt} /> · {savedBy(entry.createdBy)}
							</p>
							{entry.note ? <p className="mt-0.5 break-words text-slate-800">{entry.note}</p> : null}
						</div>
						{index === 0 ? null : restoreControl ? (
							restoreControl(entry)
						) : (
							<button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => setAsking(entry.version)}>
								Restore<span className="sr-only"> version {entry.version}</span>
							</button>
						)}
					</li>
				))}
			</ol>
			<ConfirmDialog
				tone="primary"
				open={asking !== null}
				title={`Restore version ${asking}?`}
				description={`Version ${asking} becomes the newest version and the public site shows it at once.${hasUnsavedChanges ? ' Your unsaved changes on this screen are discarded.' : ''}`}
				confirmLabel="Restore"
				onConfirm={() => {
					if (asking !== null) onRestore?.(asking)
					setAsking(null)
				}}
				onCancel={() => setAsking(null)}
			/>
		</section>
	)
}
