/** spec 1 §3: everything the wizard collects, held in the browser and persisted to local storage. */
export type LoanFormData = {
	formMode: 'short' | 'long'
	loanProgram?: string
	propertyType?: string
	transactionType?: string
	hasFoundProperty?: string
	offerStatus?: string
	/** ISO date (yyyy-mm-dd) of the estimated closing. */
	closingDate?: string
	addressInputMethod?: 'full-address' | 'general-location'
	propertyFullAddress?: string
	propertyAddress?: string
	propertyCity?: string
	propertyState?: string
	propertyZip?: string
	manualCity?: string
	manualState?: string
	manualZip?: string
	purchasePrice?: string
	downPayment?: string
	estimatedPropertyValue?: string
	currentBalance?: string
	cashOutPercentage?: string
	cashOutPercentageOther?: string
	quotePreference?: string
	/**
	 * docs/decisions/0051: the state a visitor who has not found a property means to buy in (its code),
	 * also prefilled from a landing page's `?state=`; the lead's state when no address gives one.
	 */
	targetState?: string
	purchaseTimeline?: string
	priceRange?: string
	downPaymentAmount?: string
	firstName?: string
	lastName?: string
	email?: string
	phone?: string
	ficoScore?: string
	ficoScoreDetailed?: string
	currentlyRented?: string
	monthlyRent?: string
	estimatedMonthlyRent?: string
	hasMonthlyHOA?: string
	monthlyHOAAmount?: string
	propertyCondition?: string
	additionalPropertyDetails?: string
	interestOnlyOption?: string
	interestOnlyPreference?: string
	escrowAccount?: string
	escrowPreference?: string
	titlePreference?: string
	exitStrategy?: string
	exitStrategyOther?: string
	primaryResidenceOwnership?: string
	primaryResidenceFullAddress?: string
	primaryResidenceAddress?: string
	primaryResidenceCity?: string
	primaryResidenceState?: string
	primaryResidenceZip?: string
	otherInvestmentCount?: string
	additionalQuoteProperties?: string
	additionalScenarioDetails?: string
	leadId?: string
	// docs/decisions/0028: fix & flip and construction.
	rehabBudget?: string
	afterRepairValue?: string
	landOwnership?: string
	landValue?: string
	constructionBudget?: string
	afterCompletionValue?: string
	projectExperience?: string
	projectMonths?: string
	projectExitStrategy?: string
	projectExitStrategyOther?: string
}

export const DEFAULT_FORM_DATA: LoanFormData = { formMode: 'short' }

/** spec 1 §3: the local-storage key of the wizard's answers. */
export const LOAN_FORM_STORAGE_KEY = 'loan-form'
export const LOAN_FORM_STEP_STORAGE_KEY = 'loan-form-step'
export const LEAD_ID_STORAGE_KEY = 'loan-form-lead-id'
export const LEAD_TOKEN_STORAGE_KEY = 'loan-form-lead-token'

const filled = (value: string | undefined) => value !== undefined && value.trim() !== ''

/**
 * spec 1 §4 field interactions: answers that a change makes meaningless are cleared with it.
 * Returns the new form data for `patch` applied to `data`.
 */
export function applyFormChange(data: LoanFormData, patch: Partial<LoanFormData>): LoanFormData {
	const next: LoanFormData = { ...data, ...patch }
	if ('offerStatus' in patch && patch.offerStatus !== 'under-contract') delete next.closingDate
	if ('addressInputMethod' in patch) {
		if (patch.addressInputMethod === 'full-address') {
			delete next.manualCity
			delete next.manualState
			delete next.manualZip
		} else if (patch.addressInputMethod === 'general-location') {
			// The state the visitor already named (a state's landing page, docs/decisions/0051) is the one to start from.
			if (!next.manualState && next.targetState) next.manualState = next.targetState
			delete next.propertyFullAddress
			delete next.propertyAddress
			delete next.propertyCity
			delete next.propertyState
			delete next.propertyZip
		}
	}
	if ('cashOutPercentage' in patch && patch.cashOutPercentage !== 'other') delete next.cashOutPercentageOther
	// One rent: the one the answer asks for, keeping the figure already typed (or prefilled by the DSCR calculator,
	// docs/decisions/0075) in the other.
	if ('currentlyRented' in patch && (patch.currentlyRented === 'yes' || patch.currentlyRented === 'no')) {
		const [asked, other] =
			patch.currentlyRented === 'yes'
				? (['monthlyRent', 'estimatedMonthlyRent'] as const)
				: (['estimatedMonthlyRent', 'monthlyRent'] as const)
		if (!filled(next[asked]) && filled(next[other])) next[asked] = next[other]
		delete next[other]
	}
	if ('projectExitStrategy' in patch && patch.projectExitStrategy !== 'other') delete next.projectExitStrategyOther
	if ('loanProgram' in patch && patch.loanProgram !== data.loanProgram) clearOtherProgramAnswers(next)
	return next
}

const FIX_FLIP_ONLY = ['rehabBudget', 'afterRepairValue'] as const
const CONSTRUCTION_ONLY = ['landOwnership', 'landValue', 'constructionBudget', 'afterCompletionValue'] as const
const PROJECT_ONLY = [
	...FIX_FLIP_ONLY,
	...CONSTRUCTION_ONLY,
	'projectExperience',
	'projectMonths',
	'projectExitStrategy',
	'projectExitStrategyOther',
] as const
/** The DSCR and bridge branches' answers after the transaction type (spec 1 §4), except the purchase price fix & flip asks too. */
const RENTAL_BRANCH_ONLY = [
	'transactionType',
	'hasFoundProperty',
	'offerStatus',
	'closingDate',
	'downPayment',
	'estimatedPropertyValue',
	'currentBalance',
	'cashOutPercentage',
	'cashOutPercentageOther',
	'purchaseTimeline',
	'priceRange',
	'downPaymentAmount',
] as const

/** docs/decisions/0028: answers only another program asks are dropped, so a lead never carries a stale branch. */
function clearOtherProgramAnswers(next: LoanFormData) {
	const drop: ReadonlyArray<keyof LoanFormData> =
		next.loanProgram === 'fix-flip'
			? [...RENTAL_BRANCH_ONLY, ...CONSTRUCTION_ONLY]
			: next.loanProgram === 'construction'
				? [...RENTAL_BRANCH_ONLY, 'purchasePrice', ...FIX_FLIP_ONLY]
				: next.loanProgram === 'short-term-bridge'
					? // docs/decisions/0074: a bridge asks the experience too.
						PROJECT_ONLY.filter((key) => key !== 'projectExperience')
					: PROJECT_ONLY
	for (const key of drop) delete next[key]
}

export { filled }
