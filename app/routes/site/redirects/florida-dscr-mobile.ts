import { redirect } from 'react-router'
import type { Route } from './+types/florida-dscr-mobile'

// spec 2 §2: the mobile landing URL is the Florida landing page, permanently (campaign parameters kept).
export const loader = ({ request }: Route.LoaderArgs) => redirect(`/dscr-cash-out-florida${new URL(request.url).search}`, 301)
