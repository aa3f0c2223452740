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

/**
 * docs/decisions/0077: the state of each 3-digit ZIP prefix, as ranges (first, last, state). Read from the `zipcodes`
 * package's US records (us-address.test.ts checks every one of them against it); a prefix outside every range (a
 * military or territory prefix, an unused one) has no state.
 */
const ZIP_PREFIX_STATES =
	'005-005 NY,010-027 MA,028-029 RI,030-038 NH,039-049 ME,050-054 VT,055-055 MA,056-059 VT,060-069 CT,070-089 NJ,' +
	'100-149 NY,150-196 PA,197-199 DE,200-200 DC,201-201 VA,202-205 DC,206-219 MD,220-246 VA,247-268 WV,270-289 NC,' +
	'290-299 SC,300-319 GA,320-349 FL,350-369 AL,370-385 TN,386-397 MS,398-399 GA,400-427 KY,430-459 OH,460-479 IN,' +
	'480-499 MI,500-528 IA,530-549 WI,550-567 MN,569-569 DC,570-577 SD,580-588 ND,590-599 MT,600-629 IL,630-658 MO,' +
	'660-679 KS,680-693 NE,700-714 LA,716-729 AR,730-731 OK,733-733 TX,734-749 OK,750-799 TX,800-816 CO,820-831 WY,' +
	'832-838 ID,840-847 UT,850-865 AZ,870-884 NM,885-885 TX,889-898 NV,900-961 CA,967-968 HI,970-979 OR,980-994 WA,' +
	'995-999 AK'
const zipRanges = ZIP_PREFIX_STATES.split(',').map((entry) => {
	const [range, state] = entry.split(' ') as [string, string]
	const [first, last] = range.split('-').map(Number) as [number, number]
	return { first, last, state }
})

/** The state a ZIP code (5 digits or ZIP+4) is in, or null. */
export function stateOfZip(zip: string | undefined): string | null {
	if (!zip || !isZipCode(zip)) return null
	const prefix = Number(zip.trim().slice(0, 3))
	return zipRanges.find((range) => prefix >= range.first && prefix <= range.last)?.state ?? null
}

const stateNamePattern = Object.values(US_STATES)
	.sort((a, b) => b.length - a.length)
	.join('|')
// ", TX 78701", ", Texas", " TX 78701" (a state right before a ZIP needs no comma), at the end after any ", USA".
const STATE_AT_END = new RegExp(
	`(?:,\\s*(${stateNamePattern}|[A-Za-z]{2})\\.?|\\s(${stateNamePattern}|[A-Za-z]{2})\\.?(?=\\s*,?\\s*\\d{5}))\\s*,?\\s*(\\d{5}(?:-\\d{4})?)?$`,
	'i',
)
const ZIP_AT_END = /(?:^|[\s,])(\d{5}(?:-\d{4})?)$/
const COUNTRY_AT_END = /,?\s*(?:USA|U\.S\.A\.|US|U\.S\.|United States(?: of America)?)\s*$/i

/**
 * docs/decisions/0077: the state and ZIP of a US address typed without picking a suggestion: "123 Main St, Austin, TX
 * 78701", "123 Main St, Austin, Texas", "123 Main St Austin TX 78701", "123 Main St, 78701" (the state from the ZIP).
 * A state written in the street ("1 Elm Ct") is not one: it counts after a comma or right before a ZIP. A named state
 * after a comma wins over the ZIP's.
 */
export function usAddressParts(text: string | undefined): { state?: string; zip?: string } {
	const address = (text ?? '').trim().replace(/\s+/g, ' ').replace(COUNTRY_AT_END, '').trim()
	if (address === '') return {}
	const match = STATE_AT_END.exec(address)
	const named = match ? usStateCode(match[1] ?? match[2] ?? '') : null
	const zip = (named ? match?.[3] : undefined) ?? ZIP_AT_END.exec(address)?.[1]
	// Without a comma, two letters before the ZIP may be the street's ("12 Oak Ct 78701"): the ZIP's state wins then.
	const state = (match?.[2] !== undefined ? stateOfZip(zip) : null) ?? named ?? stateOfZip(zip)
	return { ...(state ? { state } : {}), ...(zip ? { zip } : {}) }
}

export const ADDRESS_STATE_MESSAGE = 'Add the state to the address, such as 123 Main St, Austin, TX 78701, or pick a suggestion'
export const ZIP_STATE_MESSAGE = 'We could not tell the state from this ZIP code; enter the state too'
