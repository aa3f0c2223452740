import { createContext, useContext } from 'react'
import { DEFAULT_TIME_ZONE } from '#app/features/content/time-zone.ts'

/**
 * docs/decisions/0079: the office's time zone (Settings), given by the dashboard's layout to every screen, so a time
 * reads the same on the server, in the browser and in the staff e-mails, with its zone named.
 */
export const OfficeTimeZone = createContext(DEFAULT_TIME_ZONE)

export const useOfficeTimeZone = () => useContext(OfficeTimeZone)
