import type { Company } from '#app/features/content/content-schemas.ts'
import type { MailDraft, MailLine } from '#app/features/mail/outbox.server.ts'
import { termsSummary } from '#app/features/pricing/borrower-terms.ts'
import type { PricingRequest, PricingResponse } from '#app/features/pricing/pricing-request.ts'
import { formatBuildUpPercent } from '#app/features/pricing/rate-format.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import { MINIMAL_MAIL_NOTE, minimalLeadLines, programSuffix } from '../display/lead-notifications.ts'

type Lead = { id: string; firstName: string; lastName: string; email: string; phone: string; loanType: string | null }

/** The rate's build-up, one line each: "Base rate (30-year fixed): 6.25%", signed adjustments, rounding (decision 0072's format). */
export function buildUpLines(response: PricingResponse): string[] {
	const quote = response.quotes[0]?.quote
	if (!quote || response.quotes.length !== 1) return []
	return quote.lines.map((line) => `${line.label} (${line.reason}): ${formatBuildUpPercent(line.percent)}`)
}

/**
 * docs/decisions/0066: the borrower's copy of the terms they chose (the first e-mail this site sends a borrower). It goes to
 * an address nobody verified, so it carries none of the visitor's own words (docs/decisions/0077): no name in the greeting
 * or the subject, only our text and the figures of the terms.
 */
export function borrowerTermsEmail(
	lead: Lead,
	request: PricingRequest,
	response: PricingResponse,
	assumed: string[],
	company: Pick<Company, 'name' | 'phone'>,
	notes: string[] = [],
): MailDraft {
	const quote = response.quotes[0]!.quote
	const assumptions = [...assumed, ...('assumptions' in quote ? quote.assumptions : [])]
	const lines: MailLine[] = [
		'Hello,',
		'',
		`Thank you for your quote request. These are the indicative terms you chose on our website:`,
		'',
		termsSummary(request, response),
		// docs/decisions/0074: the cash out in dollars, the middle of the ranges a purchase was priced for.
		...notes,
		'',
		'HOW THE RATE IS BUILT',
		...buildUpLines(response),
		...(assumptions.length > 0 ? ['', 'ASSUMED', ...assumptions.map((line) => `- ${line}`)] : []),
		'',
		response.notice,
		'You confirmed that this loan is for business or investment purposes and that neither you nor your family will live in the property.',
		'',
		`A loan officer will contact you within 24 hours. To talk sooner, call ${company.phone}.`,
		'',
		company.name,
	]
	return { to: [lead.email], subject: `Your indicative terms from ${company.name}`, lines }
}

/** What the borrower typed on the terms screen (the rest comes from their answers). */
export function borrowerFigures(request: PricingRequest): string[] {
	if (request.program !== 'dscr') return []
	const figures = [
		['Monthly rent', request.monthlyRent],
		['Property taxes a year', request.annualTaxes],
		['Insurance a year', request.annualInsurance],
		['HOA dues a month', request.monthlyHoa],
	] as const
	const given = figures.filter(([, value]) => value !== undefined)
	return given.length === 0
		? []
		: [`Borrower's figures: ${given.map(([label, value]) => `${label} $${value!.toLocaleString('en-US')}`).join(', ')}`]
}

/** The team's e-mail when a borrower chooses terms: the same line the lead details and the CSV show. */
export function staffChosenTermsEmail(
	lead: Lead,
	request: PricingRequest,
	response: PricingResponse,
	to: string[],
	baseUrl: string,
	notes: string[] = [],
	/** docs/decisions/0089: minimal names the borrower and links to the lead; the terms and figures are on the lead. */
	staffMail: { detail: StaffMailDetail; state: string | null } = { detail: 'minimal', state: null },
): MailDraft {
	const link = `Open the lead in the dashboard: ${baseUrl}/dashboard/leads?lead=${lead.id}`
	if (staffMail.detail === 'minimal')
		return {
			to,
			subject: `Terms chosen: ${lead.firstName}${programSuffix(lead)}`,
			lines: [
				'A borrower chose indicative terms on the website.',
				'',
				...minimalLeadLines(lead, staffMail.state),
				'',
				link,
				MINIMAL_MAIL_NOTE,
			],
		}
	return {
		to,
		replyTo: lead.email,
		subject: `Terms chosen: ${lead.firstName} ${lead.lastName}${lead.loanType ? ` (${lead.loanType})` : ''}`,
		lines: [
			'A borrower chose indicative terms on the website.',
			'',
			`Name: ${lead.firstName} ${lead.lastName}`,
			`Email: ${lead.email}`,
			`Phone: ${formatPhone(lead.phone)}`,
			'',
			`Chosen terms: ${termsSummary(request, response)}`,
			...notes,
			...borrowerFigures(request),
			'',
			'HOW THE RATE IS BUILT',
			...buildUpLines(response),
			'',
			link,
		],
	}
}
