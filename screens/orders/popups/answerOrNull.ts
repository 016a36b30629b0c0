import { PopupDismissed } from '../../../engine/popups';

/** A popup's answer, or null when it was closed without one (Cancel, ×, Escape, overlay). */
export async function answerOrNull<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof PopupDismissed) return null;
    throw error;
  }
}
