import { redirect } from 'react-router'
import type { Route } from './+types/loan-application'

// spec 1 §2: the old application URL now opens the quote wizard, permanently (campaign parameters kept).
export const loader = ({ request }: Route.LoaderArgs) => redirect(`/fast-quote${new URL(request.url).search}`, 301)
