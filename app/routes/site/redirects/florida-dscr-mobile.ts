import type { Route } from './+types/florida-dscr-mobile'
import { movedPermanently } from './moved-permanently.ts'

// spec 2 §2: the mobile landing URL is the Florida landing page, permanently (campaign parameters kept).
export const loader = ({ request }: Route.LoaderArgs) => movedPermanently(request, '/dscr-cash-out-florida')
