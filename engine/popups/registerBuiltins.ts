import { AlertPopup } from './builtins/AlertPopup';
import { ConfirmPopup } from './builtins/ConfirmPopup';
import { PromptPopup } from './builtins/PromptPopup';
import { registerPopup, type PopupComponent } from './registry';

/** The popups registered globally by name (spec 01 §2); later issues add theirs the same way. */
export const BUILTIN_POPUPS = {
  alert: AlertPopup,
  confirm: ConfirmPopup,
  prompt: PromptPopup,
} as const satisfies Record<string, PopupComponent>;

for (const [name, component] of Object.entries(BUILTIN_POPUPS)) registerPopup(name, component);
