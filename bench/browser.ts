import { type Browser, type BrowserContextOptions, chromium } from '@playwright/test'

/** Debian's Chromium with the flags of the machine's rules (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
]

export const launchChromium = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS })

/**
 * A page on the phone profile, as Lighthouse's mobile run: 390 × 844 at 3×, touch, a 4× slower CPU and 150 ms round
 * trips at 1.6 Mbit/s down, 750 kbit/s up. Closing its context is the caller's.
 */
export async function phoneProfilePage(browser: Browser, options: BrowserContextOptions = {}) {
	const context = await browser.newContext({
		...options,
		viewport: { width: 390, height: 844 },
		isMobile: true,
		hasTouch: true,
		deviceScaleFactor: 3,
	})
	const page = await context.newPage()
	const cdp = await context.newCDPSession(page)
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
	await cdp.send('Network.enable')
	await cdp.send('Network.emulateNetworkConditions', {
		offline: false,
		latency: 150,
		downloadThroughput: (1.6 * 1024 * 1024) / 8,
		uploadThroughput: (750 * 1024) / 8,
	})
	return { context, page }
}
