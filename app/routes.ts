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
	route('logout', 'routes/auth/logout.ts'),
	route('forgot-password', 'routes/auth/forgot-password.tsx'),
	route('reset-password', 'routes/auth/reset-password.tsx'),
	layout('routes/dashboard/layout.tsx', [
		route('dashboard', 'routes/dashboard/overview.tsx'),
		route('dashboard/leads', 'routes/dashboard/leads.tsx'),
		...['hero', 'loans', 'testimonials', 'users', 'company', 'settings'].map((screen) =>
			route(`dashboard/${screen}`, 'routes/dashboard/coming-soon.tsx', { id: `dashboard-${screen}` }),
		),
		route('dashboard-test', 'routes/dashboard/dashboard-test.tsx'),
	]),
	route('loan-application', 'routes/site/redirects/loan-application.ts'),
	route('florida-dscr-mobile', 'routes/site/redirects/florida-dscr-mobile.ts'),
	route('api/leads', 'routes/api/leads.ts'),
	route('api/leads/:id/long-form', 'routes/api/leads.long-form.ts'),
	route('api/places/autocomplete', 'routes/api/places.autocomplete.ts'),
	route('api/places/details', 'routes/api/places.details.ts'),
	route('robots.txt', 'routes/seo/robots.ts'),
	route('sitemap.xml', 'routes/seo/sitemap.ts'),
] satisfies RouteConfig
