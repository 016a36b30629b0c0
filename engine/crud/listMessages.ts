/** The list's user-facing messages, exactly as spec 01 words them. */
export const LIST_MESSAGES = {
  empty: 'There Is Nothing To Display...',
  noAction: 'No action has been selected.',
  noSelection: 'No selection has been made.',
  exportFailed: 'Unexpected error occurred.',
  exported: 'The document has been generated.',
  searchFailed: 'An Unexpected Error Occurred.',
} as const;

/** Spec 01 §2: the filter popup's title. */
export const FILTERS_TITLE = 'Search Filters';
