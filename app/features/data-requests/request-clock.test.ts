import { describe, expect, test } from 'vitest'
import {
	acknowledgementDue,
	addBusinessDays,
	answerDue,
	federalHolidays,
	isBusinessDay,
	isDay,
	reminderDay,
	requestClock,
} from './request-clock.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'

describe('US federal holidays, as observed (docs/decisions/0091)', () => {
	test('2026 is the list OPM publishes: Independence Day on a Saturday is observed on Friday 3 July', () => {
		expect(federalHolidays(2026)).toEqual([
			'2026-01-01',
			'2026-01-19',
			'2026-02-16',
			'2026-05-25',
			'2026-06-19',
			'2026-07-03',
			'2026-09-07',
			'2026-10-12',
			'2026-11-11',
			'2026-11-26',
			'2026-12-25',
		])
	})

	test('a Sunday holiday is observed on the Monday; Juneteenth on a Saturday on the Friday', () => {
		// 4 July 2027 is a Sunday, 19 June 2027 a Saturday.
		expect(isBusinessDay('2027-07-05')).toBe(false)
		expect(isBusinessDay('2027-07-06')).toBe(true)
		expect(isBusinessDay('2027-06-18')).toBe(false)
		expect(isBusinessDay('2027-06-17')).toBe(true)
	})

	test('New Year’s Day on a Saturday is observed on 31 December of the year before', () => {
		// 1 January 2028 is a Saturday.
		expect(isBusinessDay('2027-12-31')).toBe(false)
		expect(isBusinessDay('2027-12-30')).toBe(true)
	})

	test('Thanksgiving is the fourth Thursday of November, not the last: November 2029 has five', () => {
		expect(federalHolidays(2029)).toContain('2029-11-22')
		expect(federalHolidays(2029)).not.toContain('2029-11-29')
		expect(isBusinessDay('2029-11-29')).toBe(true)
	})

	test('Juneteenth is a holiday from its first year, 2021 (19 June a Saturday: observed Friday 18 June)', () => {
		expect(federalHolidays(2021)).toContain('2021-06-18')
		expect(federalHolidays(2020)).not.toContain('2020-06-19')
	})

	test('Memorial Day is the last Monday of May, not the fourth: May 2027 has five Mondays', () => {
		expect(federalHolidays(2027)).toContain('2027-05-31')
		expect(isBusinessDay('2027-05-31')).toBe(false)
		expect(isBusinessDay('2027-05-24')).toBe(true)
	})

	test('Veterans Day on a weekend is observed: Friday 10 November 2028, Monday 12 November 2029', () => {
		// 11 November 2028 is a Saturday, 11 November 2029 a Sunday.
		expect(federalHolidays(2028)).toContain('2028-11-10')
		expect(isBusinessDay('2028-11-10')).toBe(false)
		expect(federalHolidays(2029)).toContain('2029-11-12')
		expect(isBusinessDay('2029-11-12')).toBe(false)
	})

	test('Inauguration Day is not a holiday (20 January 2033 is a Thursday)', () => {
		expect(isBusinessDay('2033-01-20')).toBe(true)
	})

	test('weekends are not business days', () => {
		expect(isBusinessDay('2026-11-28')).toBe(false)
		expect(isBusinessDay('2026-11-29')).toBe(false)
		expect(isBusinessDay('2026-11-30')).toBe(true)
	})
})

describe('the clock of a request', () => {
	test('a request on the Friday before Thanksgiving is acknowledged by Monday 7 December and answered by 4 January', () => {
		expect(acknowledgementDue('2026-11-20')).toBe('2026-12-07')
		expect(answerDue('2026-11-20', false)).toBe('2027-01-04')
		expect(answerDue('2026-11-20', true)).toBe('2027-02-18')
	})

	test('with no holiday in between, 10 business days are two weeks; one holiday adds a day', () => {
		expect(acknowledgementDue('2026-10-23')).toBe('2026-11-06')
		expect(acknowledgementDue('2026-11-13')).toBe('2026-11-30')
	})

	test('a request over Christmas and a New Year that falls on a Saturday skips both observed Fridays', () => {
		// 25 December 2027 is a Saturday (observed Friday 24), 1 January 2028 too (observed Friday 31 December).
		expect(acknowledgementDue('2027-12-23')).toBe('2028-01-10')
		expect(answerDue('2027-12-23', false)).toBe('2028-02-06')
	})

	test('a request received on a Saturday counts from the Monday', () => {
		expect(acknowledgementDue('2026-11-28')).toBe('2026-12-11')
		expect(acknowledgementDue('2026-11-27')).toBe('2026-12-11')
	})

	test('admins are reminded two business days before a deadline, over a holiday too', () => {
		expect(reminderDay('2026-12-07')).toBe('2026-12-03')
		// Due Monday 4 January 2027: Friday 1 January is a holiday.
		expect(reminderDay('2027-01-04')).toBe('2026-12-30')
		expect(addBusinessDays('2026-11-27', -1)).toBe('2026-11-25')
	})

	test('overdue is the day after the due day, not the due day itself', () => {
		const open = { receivedOn: '2026-11-20', extended: false, acknowledged: false, answered: false }
		expect(requestClock(open, '2026-12-07')).toMatchObject({ acknowledgementOverdue: false, answerDaysLeft: 28 })
		expect(requestClock(open, '2026-12-08').acknowledgementOverdue).toBe(true)
		expect(requestClock({ ...open, acknowledged: true }, '2026-12-08').acknowledgementOverdue).toBe(false)
		expect(requestClock(open, '2027-01-04').answerOverdue).toBe(false)
		expect(requestClock(open, '2027-01-05')).toMatchObject({ answerOverdue: true, answerDaysLeft: -1 })
		expect(requestClock({ ...open, extended: true }, '2027-01-05').answerOverdue).toBe(false)
	})

	test('an answered request is overdue for nothing: neither its answer nor the receipt it never confirmed', () => {
		const answered = { receivedOn: '2026-11-20', extended: false, acknowledged: false, answered: true }
		expect(requestClock(answered, '2026-12-08').acknowledgementOverdue).toBe(false)
		expect(requestClock(answered, '2027-01-05')).toMatchObject({ acknowledgementOverdue: false, answerOverdue: false })
	})

	test('the day is the office’s: 11 p.m. in Los Angeles is already the next day in UTC', () => {
		expect(dayInTimeZone(new Date('2026-11-21T07:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-20')
		expect(dayInTimeZone(new Date('2026-11-21T07:00:00Z'), 'UTC')).toBe('2026-11-21')
	})

	test('a date that does not exist is not a day', () => {
		expect(isDay('2026-02-28')).toBe(true)
		expect(isDay('2026-02-29')).toBe(false)
		expect(isDay('2026-2-1')).toBe(false)
	})
})
