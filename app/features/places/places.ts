/** spec 1 §7 calls 1-2: a suggestion of the autocomplete list, and the address a suggestion resolves to. */
export type PlaceSuggestion = { placeId: string; description: string }
export type PlaceDetails = { fullAddress: string; street: string; city: string; state: string; zip: string }

/** spec 1 §5 and §9: suggestions start at 3 characters, 300 ms after the last keystroke. */
export const AUTOCOMPLETE_MIN_CHARS = 3
export const AUTOCOMPLETE_DEBOUNCE_MS = 300
