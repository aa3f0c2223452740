/**
 * docs/decisions/0054: a screen's page title ends with the dashboard's title for the signed-in role, which the
 * dashboard layout's loader chose ("Leads | Loan Officer Dashboard").
 */
export function dashboardTitleOf(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
	const layout = matches.find((match) => match?.id === 'routes/dashboard/layout')?.loaderData as { title?: string } | undefined
	return layout?.title ?? 'Dashboard'
}
