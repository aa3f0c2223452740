import type { Route } from './+types/loan-application'
import { movedPermanently } from './moved-permanently.ts'

// spec 1 §2: the old application URL now opens the quote wizard, permanently (campaign parameters kept).
export const loader = ({ request }: Route.LoaderArgs) => movedPermanently(request, '/fast-quote')
