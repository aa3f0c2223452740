import { Fragment, type ReactElement, type ReactNode, isValidElement } from 'react'
import { Scripts } from 'react-router'
import { attributionScript } from '#app/features/analytics/attribution.ts'
import { type AnalyticsSettings, consentScript } from '#app/features/analytics/data-layer.ts'

/**
 * A route's `handle` (docs/decisions/0037): `hydrate: false` on a page with nothing React must do, so it
 * ships no JavaScript bundle; `script` is the page's own small inline script for such a page (it must
 * work on the server HTML alone).
 */
export type PageHandle = { hydrate?: boolean; script?: string; island?: string }

const handleOf = (match: { handle?: unknown }) => (match.handle ?? {}) as PageHandle

/** A script of its own that boots one part of a page without React Router's bundle (docs/decisions/0064): its file and the chunks it imports. */
export type Island = { src: string; preloads: string[] }

type PageMatch = { handle?: unknown; data?: unknown; loaderData?: unknown }

/**
 * The island the page boots instead of the bundle: a route whose handle names one and whose loader found it
 * in the build (a development server has no island build, so that page hydrates as before).
 */
export function pageIsland(matches: ReadonlyArray<PageMatch>): Island | null {
	for (const match of matches) {
		if (!handleOf(match).island) continue
		const data = (match.loaderData ?? match.data) as { island?: Island | null } | undefined
		if (data?.island) return data.island
	}
	return null
}

/**
 * Whether the page loads React and hydrates: unless one of its routes says `hydrate: false`. With analytics
 * on, such a page still ships no bundle: the consent banner and the page view are its inline script's
 * (docs/decisions/0044).
 */
export function pageHydrates(matches: ReadonlyArray<PageMatch>) {
	return !matches.some((match) => handleOf(match).hydrate === false) && !pageIsland(matches)
}

/**
 * The inline script of a page without a bundle: attribution as on every page, consent and the page view
 * when analytics is on, then the routes' own scripts.
 */
export function staticPageScript(matches: ReadonlyArray<{ handle?: unknown }>, analytics?: AnalyticsSettings) {
	const scripts = matches.map((match) => handleOf(match).script).filter((script): script is string => Boolean(script))
	return [attributionScript, ...(analytics?.enabled ? [consentScript(analytics)] : []), ...scripts].join(';\n')
}

export function StaticPageScript({
	matches,
	analytics,
	nonce,
}: {
	matches: ReadonlyArray<{ handle?: unknown }>
	analytics?: AnalyticsSettings
	nonce: string
}) {
	return (
		// biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own code (no visitor input), allowed by this response's CSP nonce.
		<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: staticPageScript(matches, analytics) }} />
	)
}

/** Boots a page's island once the page has been painted, as `DeferredScripts` boots the bundle. */
export function IslandScript({ island, nonce }: { island: Island; nonce: string }) {
	const code = bootScript(island.preloads, `import(${scriptLiteral(island.src)})`)
	// biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own file names, allowed by this response's CSP nonce.
	return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
}

/** Text that is safe inside an inline script: no `</script>` or `<!--` can end or change it. */
export const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * Starts the app's JavaScript once the page has been painted: it adds the module preloads then, and runs
 * React Router's module script. The browser reports the first contentful paint after the frame is on
 * screen; where it cannot (no paint timing), two animation frames stand in for it. A page that never
 * paints content (a hidden tab) starts after 5 s anyway.
 */
export function bootScript(preloads: string[], moduleCode: string) {
	return (
		`(function(){var p=${scriptLiteral(preloads)},c=${scriptLiteral(moduleCode)},n=document.currentScript.nonce,done=false;` +
		`function boot(){if(done)return;done=true;` +
		`p.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});` +
		`var s=document.createElement('script');s.type='module';s.nonce=n;s.textContent=c;document.body.appendChild(s)}` +
		`try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)boot()}).observe({type:'paint',buffered:true})}` +
		`catch(e){requestAnimationFrame(function(){requestAnimationFrame(boot)})}` +
		`setTimeout(boot,5000)})()`
	)
}

type SplitScripts = { preloads: string[]; moduleCode: string | null; kept: ReactElement[] }

type ElementProps = { children?: ReactNode; rel?: string; href?: string; type?: string; dangerouslySetInnerHTML?: { __html: string } }

/** Sorts what React Router's `<Scripts>` renders: module preloads, its module script, and the rest (kept as is). */
export function splitScripts(node: ReactNode, into: SplitScripts = { preloads: [], moduleCode: null, kept: [] }): SplitScripts {
	if (Array.isArray(node)) {
		for (const child of node) splitScripts(child as ReactNode, into)
		return into
	}
	if (!isValidElement<ElementProps>(node)) return into
	const { props } = node
	if (node.type === Fragment) return splitScripts(props.children, into)
	if (node.type === 'link' && props.rel === 'modulepreload' && props.href) into.preloads.push(props.href)
	else if (node.type === 'script' && props.type === 'module') into.moduleCode = props.dangerouslySetInnerHTML?.__html ?? ''
	else into.kept.push(node)
	return into
}

/**
 * React Router's `<Scripts>` without anything that loads before the first paint: no `<link rel=modulepreload>`
 * (React would hoist them into the head, fetched at high priority beside the stylesheet) and a module
 * script started by `bootScript`. The hand-off script with the loader data stays as it is.
 */
export function DeferredScripts({ nonce }: { nonce: string }) {
	// Called, not rendered, so its output can be rewritten: its hooks run as this component's, in the same order every time.
	const { preloads, moduleCode, kept } = splitScripts(Scripts({ nonce }))
	if (moduleCode === null && kept.length === 0) return null
	return (
		<>
			{kept.map((element, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: React Router's own script elements, in a fixed order that never changes.
				<Fragment key={index}>{element}</Fragment>
			))}
			{moduleCode === null ? null : (
				// biome-ignore lint/security/noDangerouslySetInnerHtml: React Router's module code from the build, allowed by this response's CSP nonce.
				<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootScript(preloads, moduleCode) }} />
			)}
		</>
	)
}
