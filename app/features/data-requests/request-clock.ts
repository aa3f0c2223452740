// docs/decisions/0091: the clocks of a borrower's data request (11 CCR 7021): its receipt is confirmed within 10
// business days and it is answered within 45 calendar days, or 90 after the one extension. Days are calendar dates
// ('YYYY-MM-DD'), counted in the office's time zone; pure functions, so the tests can walk any year.

/** A calendar date as 'YYYY-MM-DD'. */
export type Day = string

export const ACKNOWLEDGE_BUSINESS_DAYS = 10
export const ANSWER_DAYS = 45
/** The one extension adds another 45 days (90 in all from receipt). */
export const EXTENDED_ANSWER_DAYS = 90
/** Admins are e-mailed this many business days before a deadline. */
export const REMINDER_BUSINESS_DAYS = 2

const DAY_MS = 24 * 60 * 60 * 1000
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

const toDate = (day: Day) => new Date(`${day}T00:00:00Z`)
const toDay = (date: Date): Day => date.toISOString().slice(0, 10)
const utc = (year: number, month: number, date: number) => new Date(Date.UTC(year, month - 1, date))

/** Whether text is a real calendar date ('2026-02-30' is not). */
export function isDay(text: string): text is Day {
	return DAY_PATTERN.test(text) && toDay(toDate(text)) === text
}

export const addDays = (day: Day, days: number): Day => toDay(new Date(toDate(day).getTime() + days * DAY_MS))

/** The n-th given weekday (0 Sunday … 6 Saturday) of a month; n = -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
	if (n > 0) {
		const first = utc(year, month, 1)
		return utc(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7)
	}
	const last = utc(year, month + 1, 0)
	return utc(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7))
}

/** A fixed-date holiday on a weekend is observed on the Friday before (Saturday) or the Monday after (Sunday), 5 U.S.C. 6103(b). */
function observed(date: Date): Date {
	const weekday = date.getUTCDay()
	if (weekday === 6) return new Date(date.getTime() - DAY_MS)
	if (weekday === 0) return new Date(date.getTime() + DAY_MS)
	return date
}

/**
 * The days federal offices close for the holidays of `year` (5 U.S.C. 6103(a)), as observed. Inauguration Day is left
 * out: it closes offices in and around Washington only. New Year's Day of the next year may be observed on 31 December.
 */
export function federalHolidays(year: number): Day[] {
	const days = [
		observed(utc(year, 1, 1)),
		nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
		nthWeekday(year, 2, 1, 3), // Washington's Birthday
		nthWeekday(year, 5, 1, -1), // Memorial Day
		...(year >= 2021 ? [observed(utc(year, 6, 19))] : []), // Juneteenth National Independence Day, since 2021
		observed(utc(year, 7, 4)),
		nthWeekday(year, 9, 1, 1), // Labor Day
		nthWeekday(year, 10, 1, 2), // Columbus Day
		observed(utc(year, 11, 11)), // Veterans Day
		nthWeekday(year, 11, 4, 4), // Thanksgiving Day
		observed(utc(year, 12, 25)),
	]
	return days.map(toDay)
}

const holidayCache = new Map<number, ReadonlySet<Day>>()
function holidaysAround(year: number): ReadonlySet<Day> {
	let set = holidayCache.get(year)
	if (!set) {
		// A 1 January on a Saturday is observed on the 31 December before it.
		set = new Set([...federalHolidays(year), ...federalHolidays(year + 1)].filter((day) => day.startsWith(`${year}-`)))
		holidayCache.set(year, set)
	}
	return set
}

export const isFederalHoliday = (day: Day) => holidaysAround(Number(day.slice(0, 4))).has(day)

export function isBusinessDay(day: Day) {
	const weekday = toDate(day).getUTCDay()
	return weekday !== 0 && weekday !== 6 && !isFederalHoliday(day)
}

/** The day `count` business days after `day` (the day itself not counted); a negative count goes back. */
export function addBusinessDays(day: Day, count: number): Day {
	const step = count < 0 ? -1 : 1
	let current = day
	for (let left = Math.abs(count); left > 0; ) {
		current = addDays(current, step)
		if (isBusinessDay(current)) left--
	}
	return current
}

/** The last day to confirm receipt: 10 business days after the day the request came. */
export const acknowledgementDue = (receivedOn: Day) => addBusinessDays(receivedOn, ACKNOWLEDGE_BUSINESS_DAYS)

/** The last day to answer: 45 calendar days after receipt, 90 once extended. */
export const answerDue = (receivedOn: Day, extended: boolean) => addDays(receivedOn, extended ? EXTENDED_ANSWER_DAYS : ANSWER_DAYS)

/** The day admins are reminded of a deadline: 2 business days before it. */
export const reminderDay = (due: Day) => addBusinessDays(due, -REMINDER_BUSINESS_DAYS)

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: Day, to: Day) => Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS)

export type RequestClock = {
	acknowledgementDue: Day
	answerDue: Day
	/** Days left before the answer is due (negative: overdue). */
	answerDaysLeft: number
	acknowledgementOverdue: boolean
	answerOverdue: boolean
}

/** The clock a request shows on `today`. */
export function requestClock(
	request: { receivedOn: Day; extended: boolean; acknowledged: boolean; answered: boolean },
	today: Day,
): RequestClock {
	const ack = acknowledgementDue(request.receivedOn)
	const answer = answerDue(request.receivedOn, request.extended)
	return {
		acknowledgementDue: ack,
		answerDue: answer,
		answerDaysLeft: daysBetween(today, answer),
		acknowledgementOverdue: !request.acknowledged && !request.answered && today > ack,
		answerOverdue: !request.answered && today > answer,
	}
}
