/** The spec's fallback when a server error carries no message. */
export const UNEXPECTED_ERROR = 'Unexpected error occurred.';

/** The message an injected actor rejected with (an Error or the server's {message} envelope), or the fallback. */
export function errorMessage(error: unknown, fallback: string = UNEXPECTED_ERROR): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return fallback;
}
