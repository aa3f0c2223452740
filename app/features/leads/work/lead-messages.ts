/** spec 2 §8: the texts of the leads screen, shared by the actions, the toasts and the tests. */
export const LEAD_MESSAGES = {
	fetchFailed: 'Failed to fetch leads',
	statusUpdated: 'Lead status updated successfully',
	statusFailed: 'Failed to update lead status',
	requiredFields: 'First name, last name, email, and phone are required',
	created: 'Lead created successfully',
	createFailed: 'Failed to create lead',
	deleteFailed: 'Failed to delete leads',
	notesSavedTitle: 'Success',
	notesSaved: 'Notes saved successfully',
	notesFailedTitle: 'Error',
	notesFailed: 'Failed to save notes. Please try again.',
	noLeads: 'No leads found matching your criteria.',
	/** docs/decisions/0049: a lead that does not exist, or that the viewer may not see: one answer for both. */
	noSuchLead: 'No such lead',
	/** docs/decisions/0096: the borrower's links back to the quote. */
	returnLinksRevoked: 'The borrower’s links to this quote no longer open it. A link made from now on works.',
	returnLinksFailed: 'Failed to revoke the borrower’s links. Please try again.',
} as const

export const deletedMessage = (count: number) => `Successfully deleted ${count} lead(s)`

export const deleteConfirmation = (count: number) =>
	`Are you sure you want to delete ${count} selected lead(s)? This action cannot be undone.`
