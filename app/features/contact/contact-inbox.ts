/** Contact messages per page of the dashboard inbox. */
export const INBOX_PAGE_SIZE = 50
