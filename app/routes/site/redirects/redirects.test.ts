import { describe, expect, test } from 'vitest'
import { loader as floridaMobile } from './florida-dscr-mobile.ts'
import { loader as loanApplication } from './loan-application.ts'

const campaign = '?utm_source=facebook&utm_medium=paid&utm_campaign=fl-dscr&utm_content=a%26b&gclid=Cj0KCQ'

function follow(loader: (args: never) => Response, url: string) {
	const response = loader({ request: new Request(url), params: {}, context: {} } as never)
	return { status: response.status, location: response.headers.get('Location') }
}

describe('old URLs move permanently and keep the campaign’s query string', () => {
	test('/florida-dscr-mobile goes to /dscr-cash-out-florida with every utm_* and click id as sent', () => {
		expect(follow(floridaMobile, `http://localhost:3000/florida-dscr-mobile${campaign}`)).toEqual({
			status: 301,
			location: `/dscr-cash-out-florida${campaign}`,
		})
		expect(follow(floridaMobile, 'http://localhost:3000/florida-dscr-mobile')).toEqual({
			status: 301,
			location: '/dscr-cash-out-florida',
		})
	})

	test('/loan-application goes to /fast-quote with its query string', () => {
		expect(follow(loanApplication, `http://localhost:3000/loan-application${campaign}`)).toEqual({
			status: 301,
			location: `/fast-quote${campaign}`,
		})
	})
})
