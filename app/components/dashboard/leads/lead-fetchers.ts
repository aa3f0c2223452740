/**
 * Keys of the fetchers whose answers the lead-management card announces: the row that changed may
 * leave the list (a status filter, a delete) before its own component could show the toast.
 */
export const STATUS_FETCHER = 'lead-status'
export const DELETE_FETCHER = 'delete-leads'
export const LEADS_ACTION = '/dashboard/leads'
/** docs/decisions/0108: the bulk changes of the selected leads. */
export const BULK_ASSIGN_FETCHER = 'bulk-assign'
export const BULK_STATUS_FETCHER = 'bulk-status'
