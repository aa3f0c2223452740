/** A new lead whose e-mail or phone matches a lead of this many days is linked to it as a repeat (docs/decisions/0049). */
export const REPEAT_INQUIRY_DAYS = 90
