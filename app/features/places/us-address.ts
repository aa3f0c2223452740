/** The states we lend in: the 50 states and DC (docs/decisions/0032). Territories such as PR are not served. */
export const US_STATES: Readonly<Record<string, string>> = {
	AL: 'Alabama',
	AK: 'Alaska',
	AZ: 'Arizona',
	AR: 'Arkansas',
	CA: 'California',
	CO: 'Colorado',
	CT: 'Connecticut',
	DE: 'Delaware',
	DC: 'District of Columbia',
	FL: 'Florida',
	GA: 'Georgia',
	HI: 'Hawaii',
	ID: 'Idaho',
	IL: 'Illinois',
	IN: 'Indiana',
	IA: 'Iowa',
	KS: 'Kansas',
	KY: 'Kentucky',
	LA: 'Louisiana',
	ME: 'Maine',
	MD: 'Maryland',
	MA: 'Massachusetts',
	MI: 'Michigan',
	MN: 'Minnesota',
	MS: 'Mississippi',
	MO: 'Missouri',
	MT: 'Montana',
	NE: 'Nebraska',
	NV: 'Nevada',
	NH: 'New Hampshire',
	NJ: 'New Jersey',
	NM: 'New Mexico',
	NY: 'New York',
	NC: 'North Carolina',
	ND: 'North Dakota',
	OH: 'Ohio',
	OK: 'Oklahoma',
	OR: 'Oregon',
	PA: 'Pennsylvania',
	RI: 'Rhode Island',
	SC: 'South Carolina',
	SD: 'South Dakota',
	TN: 'Tennessee',
	TX: 'Texas',
	UT: 'Utah',
	VT: 'Vermont',
	VA: 'Virginia',
	WA: 'Washington',
	WV: 'West Virginia',
	WI: 'Wisconsin',
	WY: 'Wyoming',
}

const codeByName = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]))

/** "TX", "tx", "Texas" or "texas" -> "TX"; anything else (a typo, "ZZ", "PR") -> null. */
export function usStateCode(text: string): string | null {
	const value = text.trim().replace(/\s+/g, ' ')
	const code = value.toUpperCase()
	if (Object.hasOwn(US_STATES, code)) return code
	return codeByName.get(value.toLowerCase()) ?? null
}

/** A US ZIP code: 5 digits, or ZIP+4 (12345-6789). */
export const isZipCode = (text: string) => /^\d{5}(-\d{4})?$/.test(text.trim())

export const STATE_MESSAGE = 'Enter a US state as its 2-letter code or name, such as TX or Texas'
export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, such as 78701 (or ZIP+4: 78701-1234)'

/** The message for a typed state or ZIP, or undefined when it is empty or fine (the form's copy of the server rule). */
export const stateError = (value: string | undefined) => (value?.trim() && usStateCode(value) === null ? STATE_MESSAGE : undefined)
export const zipError = (value: string | undefined) => (value?.trim() && !isZipCode(value) ? ZIP_MESSAGE : undefined)
