import { ConfirmPopup } from './builtins/ConfirmPopup';
import { openPopup } from './openPopup';

/** Asks Yes / No in the confirm popup; closing it by Escape or the overlay counts as No. */
export async function askConfirm(message: string, title?: string): Promise<boolean> {
  try {
    return await openPopup(ConfirmPopup, title === undefined ? { message } : { message, title });
  } catch {
    return false;
  }
}
