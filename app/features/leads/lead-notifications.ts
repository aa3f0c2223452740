import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { formatDollarText } from '#app/features/calculator/mortgage.ts'

type LeadSummary = {
	id: string
	firstName: string
	lastName: string
	email: string
	phone: string
	loanType: string | null
	propertyType: string | null
	transactionType: string | null
	propertyValue: string | null
	repeatOfLeadId: string | null
}

const line = (label: string, value: string | null | undefined) => `${label}: ${value && value !== '' ? value : 'Not provided'}`

/** spec 1 §7 call 4 (notify-new-lead): the staff e-mail for a new short-form lead. */
export function newLeadEmail(lead: LeadSummary, formData: LoanFormData, baseUrl: string) {
	return {
		subject: `New lead: ${lead.firstName} ${lead.lastName}${lead.loanType ? ` (${lead.loanType})` : ''}${lead.repeatOfLeadId ? ' [repeat inquiry]' : ''}`,
		text: [
			'A visitor completed the short quote form.',
			'',
			line('Name', `${lead.firstName} ${lead.lastName}`),
			line('Email', lead.email),
			line('Phone', lead.phone),
			line('Loan type', lead.loanType),
			line('Property type', lead.propertyType),
			line('Transaction type', lead.transactionType),
			line('Property value', lead.propertyValue),
			line('Quote preference', formData.quotePreference === 'call' ? 'Call' : formData.quotePreference === 'text-email' ? 'Text / Email' : undefined),
			lead.repeatOfLeadId ? `Repeat inquiry: matches lead ${lead.repeatOfLeadId} from the last 90 days` : '',
			'',
			`Open the lead: ${baseUrl}/dashboard/leads?lead=${lead.id}`,
		]
			.filter((text, index, all) => text !== '' || all[index - 1] !== '')
			.join('\n'),
	}
}

/** spec 1 §7 call 6 (notify-long-form): the staff e-mail when the long form is completed. */
export function longFormEmail(lead: LeadSummary, formData: LoanFormData, baseUrl: string) {
	// spec 1 §7: property value is the purchase price, else the estimated property value.
	const propertyValue = formatDollarText(formData.purchasePrice ?? '') || formatDollarText(formData.estimatedPropertyValue ?? '') || null
	return {
		subject: `Long form completed: ${lead.firstName} ${lead.lastName}`,
		text: [
			`${lead.firstName} ${lead.lastName} completed the long application.`,
			'',
			line('Email', lead.email),
			line('Phone', lead.phone),
			line('Loan program', formData.loanProgram),
			line('Property type', formData.propertyType),
			line('Transaction type', formData.transactionType),
			line('Property value', propertyValue),
			line('Credit score', formData.ficoScoreDetailed),
			line('Exit strategy', formData.exitStrategy === 'other' ? formData.exitStrategyOther : formData.exitStrategy),
			'',
			'Full application:',
			JSON.stringify(formData, null, 2),
			'',
			`Open the lead: ${baseUrl}/dashboard/leads?lead=${lead.id}`,
		].join('\n'),
	}
}
