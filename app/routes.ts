import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
	layout('routes/site/layout.tsx', [
		index('routes/site/home.tsx'),
		route('dscr-loans', 'routes/site/products/dscr.tsx'),
		route('bridge-loans', 'routes/site/products/bridge.tsx'),
		route('fix-flip-loans', 'routes/site/products/fix-flip.tsx'),
		route('construction-loans', 'routes/site/products/construction.tsx'),
		route('dscr-calculator', 'routes/site/dscr-calculator.tsx'),
		route('contact', 'routes/site/contact.tsx'),
		route('dscr-cash-out-florida', 'routes/site/florida.tsx'),
		route('privacy-policy', 'routes/site/privacy-policy.tsx'),
		route('terms-of-service', 'routes/site/terms-of-service.tsx'),
		route('*', 'routes/site/not-found.tsx'),
	]),
	route('fast-quote', 'routes/quote/fast-quote.tsx'),
	route('login', 'routes/auth/login.tsx'),
	route('loan-application', 'routes/site/redirects/loan-application.ts'),
	route('florida-dscr-mobile', 'routes/site/redirects/florida-dscr-mobile.ts'),
	route('api/leads', 'routes/api/leads.ts'),
	route('api/leads/:id/long-form', 'routes/api/leads.long-form.ts'),
	route('api/places/autocomplete', 'routes/api/places.autocomplete.ts'),
	route('api/places/details', 'routes/api/places.details.ts'),
	route('robots.txt', 'routes/seo/robots.ts'),
	route('sitemap.xml', 'routes/seo/sitemap.ts'),
] satisfies RouteConfig
