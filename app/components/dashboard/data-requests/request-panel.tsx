import { Form, Link } from 'react-router'
import { buttonClass, cardClass, inputClass } from '#app/components/ui/styles.ts'
import {
	CHANNEL_LABELS,
	DATA_POINTS,
	DATA_POINT_LABELS,
	REQUEST_TYPE_LABELS,
	VERIFICATION_LABELS,
} from '#app/features/data-requests/data-request-schema.ts'
import type { RequestSummary } from '#app/features/data-requests/data-requests-screen.server.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'
import { FieldError, ResultLine, type StepResult, errorsOf } from './step-result.tsx'

type OpenedRequest = RequestSummary & {
	steps: Array<{ id: number; at: string; step: string; actorEmail: string | null; detail: unknown }>
}

const heading = 'text-base font-bold text-slate-900'

function IdField({ id }: { id: string }) {
	return <input type="hidden" name="id" value={id} />
}

/** docs/decisions/0091: one request, its clock, and the steps an admin takes to answer it, in order. */
export function RequestPanel({ request, result, busy }: { request: OpenedRequest; result: StepResult | undefined; busy: boolean }) {
	const errors = errorsOf(result)
	// Erase and extend both take a reason: each shows the error of its own post.
	const reasonError = (intent: string) => (result?.form === intent ? errors.reason : undefined)
	const open = request.status === 'open'
	const { clock } = request
	return (
		<section className={`${cardClass} space-y-5 p-5`} aria-labelledby="opened-request">
			<div>
				<h2 id="opened-request" className="text-lg font-bold text-slate-900">
					{REQUEST_TYPE_LABELS[request.type]} request received {request.receivedOn}
				</h2>
				<p className="mt-1 text-slate-800">
					By {CHANNEL_LABELS[request.channel]}
					{request.email ? `, ${request.email}` : ''}
					{request.phone ? `, ${formatPhone(request.phone)}` : ''}. {open ? 'Open' : `Closed (${request.outcome})`}.
				</p>
				{request.notes ? <p className="mt-1 whitespace-pre-line text-slate-700">{request.notes}</p> : null}
			</div>
			<dl className="grid gap-3 sm:grid-cols-3" data-testid="request-clock">
				<div>
					<dt className="text-sm text-slate-700">Acknowledge by</dt>
					<dd className="font-semibold text-slate-900">
						{clock.acknowledgementDue}
						{request.acknowledgedAt ? ' (done)' : clock.acknowledgementOverdue ? ' (overdue)' : ''}
					</dd>
				</div>
				<div>
					<dt className="text-sm text-slate-700">Answer by</dt>
					<dd className="font-semibold text-slate-900">
						{clock.answerDue}
						{request.extendedAt ? ' (extended)' : ''}
						{open && clock.answerOverdue ? ' (overdue)' : ''}
					</dd>
				</div>
				<div>
					<dt className="text-sm text-slate-700">Verification</dt>
					<dd className="font-semibold text-slate-900">{VERIFICATION_LABELS[request.level]}</dd>
				</div>
			</dl>
			<ResultLine result={result} />
			{open ? (
				<>
					<Form method="post" className="space-y-2" aria-labelledby="verify-heading">
						<h3 id="verify-heading" className={heading}>
							1. Verify the requester
						</h3>
						<p className="text-sm text-slate-700">
							Tick what the requester told you that matches what is held. 2 data points verify a request for categories or a deletion; 3 and
							a declaration signed under penalty of perjury verify one for specific pieces (the export).
						</p>
						<IdField id={request.id} />
						<fieldset className="flex flex-wrap gap-x-5 gap-y-2">
							<legend className="sr-only">Data points that matched</legend>
							{DATA_POINTS.map((point) => (
								<label key={point} className="flex items-center gap-2 text-slate-900">
									<input type="checkbox" name="points" value={point} defaultChecked={request.verifiedPoints.includes(point)} />
									{DATA_POINT_LABELS[point]}
								</label>
							))}
						</fieldset>
						<label className="flex items-center gap-2 text-slate-900">
							<input type="checkbox" name="declaration" defaultChecked={request.signedDeclaration} />
							The requester signed a declaration under penalty of perjury
						</label>
						<FieldError id="points-error" message={errors.points} />
						<button type="submit" name="intent" value="verify" className={buttonClass.secondary} disabled={busy}>
							Save verification
						</button>
					</Form>
					<div className="space-y-2">
						<h3 id="acknowledge-heading" className={heading}>
							2. Confirm receipt
						</h3>
						{request.acknowledgedAt ? (
							<p className="text-slate-800">Receipt confirmed {request.acknowledgedAt.slice(0, 10)}.</p>
						) : (
							<Form method="post" aria-labelledby="acknowledge-heading">
								<IdField id={request.id} />
								<button type="submit" name="intent" value="acknowledge" className={buttonClass.secondary} disabled={busy}>
									Confirm receipt{request.email ? ' and e-mail the requester' : ''}
								</button>
							</Form>
						)}
					</div>
					<div className="space-y-2">
						<h3 className={heading}>3. Find what is held</h3>
						<Link to={`/dashboard/data-requests?id=${request.id}&search=1`} className={buttonClass.secondary}>
							Search everything held
						</Link>
						<div className="flex flex-wrap gap-3">
							{(['json', 'html'] as const).map((format) => (
								<form key={format} method="post" action="/dashboard/data-requests/export">
									<IdField id={request.id} />
									<input type="hidden" name="format" value={format} />
									<button
										type="submit"
										name="intent"
										value="export"
										className={buttonClass.secondary}
										disabled={request.level !== 'specific'}
									>
										Download {format === 'json' ? 'JSON file' : 'readable page (HTML)'}
									</button>
								</form>
							))}
						</div>
						{request.level !== 'specific' ? (
							<p className="text-sm text-slate-700">The export needs a requester verified for specific pieces.</p>
						) : null}
					</div>
					{request.type === 'delete' ? (
						<div className="space-y-2">
							<h3 id="erase-heading" className={heading}>
								4. Erase
							</h3>
							{request.erasedAt ? (
								<p className="text-slate-800">
									Erased {request.erasedAt.slice(0, 10)}: {request.eraseReason}
								</p>
							) : (
								<Form method="post" className="space-y-2" aria-labelledby="erase-heading">
									<p className="text-sm text-slate-700">
										Anonymises the requester’s leads and contact messages and deletes the e-mails and webhook events about them. Kept, as
										the law allows: consent evidence, leads on legal hold or that became a loan, the activity log and this request.
									</p>
									<IdField id={request.id} />
									<label className="block font-medium text-slate-900">
										Reason for erasing
										<input
											name="reason"
											maxLength={300}
											className={`${inputClass} mt-1`}
											aria-invalid={reasonError('erase') ? true : undefined}
											aria-describedby="reason-error"
										/>
									</label>
									<FieldError id="reason-error" message={reasonError('erase')} />
									<button type="submit" name="intent" value="erase" className={buttonClass.danger} disabled={busy}>
										Erase personal data
									</button>
								</Form>
							)}
						</div>
					) : null}
					<div className="space-y-2">
						<h3 id="extend-heading" className={heading}>
							More time (once)
						</h3>
						{request.extendedAt ? (
							<p className="text-slate-800">Extended: {request.extensionReason}</p>
						) : (
							<Form method="post" className="space-y-2" aria-labelledby="extend-heading">
								<IdField id={request.id} />
								<label className="block font-medium text-slate-900">
									Why more time is needed (the requester is told)
									<input
										name="reason"
										maxLength={300}
										className={`${inputClass} mt-1`}
										aria-invalid={reasonError('extend') ? true : undefined}
										aria-describedby="extend-error"
									/>
								</label>
								<FieldError id="extend-error" message={reasonError('extend')} />
								<button type="submit" name="intent" value="extend" className={buttonClass.secondary} disabled={busy}>
									Extend by 45 days
								</button>
							</Form>
						)}
					</div>
					<Form method="post" className="space-y-2" aria-labelledby="close-heading">
						<h3 id="close-heading" className={heading}>
							Answer and close
						</h3>
						<IdField id={request.id} />
						<label className="block font-medium text-slate-900">
							Outcome
							<select name="outcome" defaultValue="answered" className={`${inputClass} mt-1 max-w-xs`}>
								<option value="answered">Answered</option>
								<option value="denied">Denied (could not verify, or an exception applies)</option>
							</select>
						</label>
						<label className="block font-medium text-slate-900">
							Reply to the requester (goes into the answer e-mail)
							<textarea name="reply" rows={3} maxLength={4000} className={`${inputClass} mt-1`} />
						</label>
						<FieldError id="reply-error" message={errors.reply} />
						<button type="submit" name="intent" value="close" className={buttonClass.primary} disabled={busy}>
							Send the answer and close
						</button>
					</Form>
				</>
			) : null}
			<div>
				<h3 className={heading}>Steps</h3>
				<ol className="mt-2 space-y-1 text-sm text-slate-800" aria-label="Steps of this request">
					{request.steps.map((step) => (
						<li key={step.id}>
							{step.at.slice(0, 16).replace('T', ' ')} UTC: {step.step}
							{step.actorEmail ? ` by ${step.actorEmail}` : ''}
						</li>
					))}
				</ol>
			</div>
		</section>
	)
}
