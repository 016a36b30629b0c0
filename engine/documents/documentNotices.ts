import { showSnackbar } from '../notices';

/** Spec 01 §8: the notice after a document was generated (e.g. a PDF built by the server). */
export const DOCUMENT_GENERATED_MESSAGE = 'The document has been generated.';

/** Shows 'The document has been generated.' as a success snackbar. */
export function notifyDocumentGenerated(translate: (text: string) => string = (text) => text): void {
  showSnackbar({ message: translate(DOCUMENT_GENERATED_MESSAGE), variant: 'success' });
}
