/** spec 2 §2: the Nationwide Service section lists 24 states, then '+ 26 more states'. */
export const FEATURED_STATES = [
	'California', 'Texas', 'Florida', 'New York', 'Arizona', 'Georgia', 'North Carolina', 'Ohio',
	'Pennsylvania', 'Illinois', 'Michigan', 'Tennessee', 'Colorado', 'Nevada', 'Washington', 'New Jersey',
	'Virginia', 'South Carolina', 'Alabama', 'Indiana', 'Missouri', 'Maryland', 'Oklahoma', 'Utah',
] as const
