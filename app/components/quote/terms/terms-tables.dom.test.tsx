import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { termsRequest } from '#app/features/pricing/borrower-terms.ts'
import type { DscrQuote } from '#app/features/pricing/dscr-pricing.ts'
import { priceRequest } from '#app/features/pricing/pricing-request.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { bandLabel } from '#app/features/pricing/terms-text.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { longFormAnswers, refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import '../../../../tests/render-in-router.tsx'
import { BandTable } from './band-table.tsx'
import { ChoiceGrid } from './choice-grid.tsx'
import { QuoteDetails } from './quote-details.tsx'

/** docs/decisions/0066: the indicative terms' tables, fed with what the seeded sheet prices for a real scenario. */
const priced = (answers: LoanFormData, refinements = {}) => priceRequest(SEED_RATE_SHEET, 1, termsRequest(answers, refinements)!.request)
const refinance = { ...refinanceAnswers, ...longFormAnswers, ficoScoreDetailed: undefined } as LoanFormData

describe('the rate per credit band', () => {
	test('each band has its rate, and “This is me” picks it', () => {
		const terms = priced(refinance)
		const onPick = vi.fn()
		render(<BandTable terms={terms} onPick={onPick} />)
		const rows = within(screen.getByTestId('band-table')).getAllByRole('row').slice(1)
		expect(rows).toHaveLength(terms.quotes.length)
		for (const { ficoBand, quote } of terms.quotes) {
			const row = screen.getByRole('rowheader', { name: bandLabel(ficoBand) }).closest('tr')!
			if (quote.rate) expect(within(row).getByText(formatRate(quote.rate))).toBeTruthy()
			fireEvent.click(within(row).getByRole('button', { name: `${bandLabel(ficoBand)}: This is me` }))
			expect(onPick).toHaveBeenLastCalledWith(ficoBand)
		}
	})

	test('a band the sheet does not lend to says “Not offered” and why', () => {
		// 80 % LTV: more than the sheet lends at the lowest credit bands.
		const terms = priced({ ...refinance, currentBalance: '$600,000' } as LoanFormData)
		const refused = terms.quotes.find(({ quote }) => !quote.rate)
		expect(refused).toBeDefined()
		render(<BandTable terms={terms} onPick={() => {}} />)
		const row = screen.getByRole('rowheader', { name: bandLabel(refused!.ficoBand) }).closest('tr')!
		expect(within(row).getByText('Not offered')).toBeTruthy()
		expect(within(row).getByText(refused!.quote.failures[0]!.message)).toBeTruthy()
	})
})

describe('the grid of prepayment options × points', () => {
	const terms = priced(refinance, { ficoBand: '740-759' })

	test('one button per priced cell; the selected one is pressed; a tap selects another', () => {
		const choices = terms.choices!
		const onSelect = vi.fn()
		const selected = { prepayment: choices[0]!.prepayment, points: choices[0]!.points } as Parameters<typeof ChoiceGrid>[0]['selected']
		render(<ChoiceGrid choices={choices} selected={selected} onSelect={onSelect} />)
		const buttons = within(screen.getByTestId('choice-grid')).getAllByRole('button')
		expect(buttons).toHaveLength(choices.filter((choice) => choice.rate).length)
		expect(buttons.filter((button) => button.getAttribute('aria-pressed') === 'true')).toHaveLength(1)
		const other = choices.find((choice) => choice.rate && choice.points !== selected.points)!
		fireEvent.click(screen.getByRole('button', { name: (name) => name.startsWith(`${other.label}, ${other.points} point`) }))
		expect(onSelect).toHaveBeenCalledWith({ prepayment: other.prepayment, points: other.points })
	})

	test('where more points leave the rate the same, the caption says the rate is at its floor', () => {
		const floor = /Where more points leave the rate the same, it is at our lowest rate\./
		const option = terms.choices![0]!.prepayment
		const cells = terms.choices!.filter((choice) => choice.prepayment === option && choice.rate)
		const selected = { prepayment: option, points: 0 } as Parameters<typeof ChoiceGrid>[0]['selected']
		// Each point bought lowers the rate: no floor reached.
		const falling = cells.map((choice, index) => ({ ...choice, rate: (8 - index * 0.125).toFixed(3) }))
		const { unmount } = render(<ChoiceGrid choices={falling} selected={selected} onSelect={() => {}} />)
		expect(screen.queryByText(floor)).toBeNull()
		unmount()
		// The last point buys nothing more: the floor is named.
		const floored = falling.map((choice, index) => (index === falling.length - 1 ? { ...choice, rate: falling[index - 1]!.rate } : choice))
		render(<ChoiceGrid choices={floored} selected={selected} onSelect={() => {}} />)
		expect(screen.getByText(floor)).toBeTruthy()
	})
})

describe('the priced quote', () => {
	test('a DSCR quote shows its figures, says an unknown rent’s DSCR is assumed, and how the rate is built', () => {
		const terms = priced({ ...refinance, currentlyRented: 'no', monthlyRent: undefined } as LoanFormData, { ficoBand: '740-759' })
		const quote = terms.quotes[0]!.quote as DscrQuote
		expect(quote.dscrAssumed).toBe(true)
		render(<QuoteDetails quote={quote} band="740-759" interestOnly={false} />)
		expect(screen.getByText(`At a credit score of ${bandLabel('740-759')}:`)).toBeTruthy()
		expect(screen.getByText('Payment (principal and interest)')).toBeTruthy()
		expect(screen.getByText(`${quote.dscr} (assumed)`)).toBeTruthy()
		const buildUp = within(screen.getByTestId('terms-build-up')).getAllByRole('row')
		expect(buildUp).toHaveLength(quote.lines.length)
	})

	test('an interest-only DSCR payment says so', () => {
		const quote = priced(refinance, { ficoBand: '740-759' }).quotes[0]!.quote
		render(<QuoteDetails quote={quote} band="740-759" interestOnly />)
		expect(screen.getByText('Payment (interest only)')).toBeTruthy()
	})

	test('a quote the sheet refuses lists each rule with what would qualify, and that the request is with the team', () => {
		const quote = priced({ ...refinance, currentBalance: '$740,000' } as LoanFormData, { ficoBand: '620-639' }).quotes[0]!.quote
		expect(quote.eligible).toBe(false)
		render(<QuoteDetails quote={quote} band="620-639" interestOnly={false} />)
		const box = screen.getByTestId('terms-ineligible')
		expect(within(box).getByText('We cannot offer terms for this scenario as it stands.')).toBeTruthy()
		expect(within(box).getAllByRole('listitem')).toHaveLength(quote.failures.length)
		const first = quote.failures[0]!
		expect(within(box).getByText(`${first.message}.${first.qualifiesWith ? ` ${first.qualifiesWith}.` : ''}`)).toBeTruthy()
		expect(screen.queryByTestId('terms-quote')).toBeNull()
	})
})
