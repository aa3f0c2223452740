const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g

/** Log text without e-mail addresses (a message from a library may quote the one it was given). */
export const withoutEmails = (text: string) => text.replace(EMAIL, '[email]')
