/**
 * docs/decisions/0089: a session's device in plain words ("Chrome on Windows", "Safari on iPhone") from its
 * User-Agent, for an admin deciding whether a session is a colleague's. The order matters: Edge and Opera say
 * "Chrome", Chrome says "Safari", an iPad may say "Macintosh".
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
	[/\bEdg(?:e|A|iOS)?\//, 'Edge'],
	[/\b(?:OPR|Opera)\//, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\b(?:Firefox|FxiOS)\//, 'Firefox'],
	[/\b(?:Chrome|HeadlessChrome|CriOS|Chromium)\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
	[/\bcurl\//, 'curl'],
]

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
	[/\biPhone\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b.*\bMobile\b/, 'Android phone'],
	[/\bAndroid\b/, 'Android tablet'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
]

export function deviceName(userAgent: string | null | undefined): string {
	if (!userAgent?.trim()) return 'Unknown device'
	const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
	const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
	if (browser && system) return `${browser} on ${system}`
	return browser ?? system ?? 'Unknown device'
}
