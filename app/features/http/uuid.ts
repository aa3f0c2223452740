/** A UUID in its usual 8-4-4-4-12 hexadecimal form, either case: the ids of leads, webhooks and HubSpot forms. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** True for a UUID: checked before a value reaches a `uuid` column, where anything else is a database error. */
export const isUuid = (value: string) => UUID_PATTERN.test(value)
