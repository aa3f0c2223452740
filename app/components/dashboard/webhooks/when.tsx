import { LocalTime } from '#app/components/dashboard/content/local-time.tsx'

/** A time in the reader's zone, rendered alike on the server and in the browser first (no hydration mismatch). */
export const When = ({ value }: { value: Date | string | null }) => (value ? <LocalTime iso={new Date(value).toISOString()} /> : <>—</>)
