import { fieldErrorsOf, messageOf, statusOf } from '../../engine/http';
import { askConfirm, openPopup } from '../../engine/popups';
import { checkSave, createScreen, updateScreen, type SaveRequest } from './builderApi';
import { SaveCheckPopup, type SaveCheckPopupProps, type SaveDecision } from './SaveCheckPopup';
import { editorErrorsOf, type EditorErrors } from './serverErrors';

export const CONFLICT_TITLE = 'Saved elsewhere';
export const CONFLICT_MESSAGE = 'Someone else saved this screen since you opened it. Reload it to see their version? Your changes here will be lost.';

export type SaveOutcome =
  | { kind: 'saved'; namespace: string; version: number }
  | { kind: 'cancelled' }
  | { kind: 'conflict'; reload: boolean }
  | { kind: 'invalid'; errors: EditorErrors; message: string }
  | { kind: 'failed'; message: string };

function failure(error: unknown): SaveOutcome {
  if (statusOf(error) === 422) return { kind: 'invalid', errors: editorErrorsOf(fieldErrorsOf(error)), message: messageOf(error) };
  return { kind: 'failed', message: messageOf(error) };
}

/**
 * A save from the editor: the dry run first (POST /screens/check), shown for the administrator to
 * confirm (and to choose copies for values a type change would lose), then the save itself. A 409 at
 * either step means another administrator saved first.
 */
export async function saveScreen(request: SaveRequest, savedNamespace: string | undefined): Promise<SaveOutcome> {
  try {
    const check = await checkSave(request);
    let decision: SaveDecision;
    try {
      decision = await openPopup<SaveDecision, SaveCheckPopupProps>(SaveCheckPopup, { check }, { width: 'min(40rem, 95vw)' });
    } catch {
      return { kind: 'cancelled' };
    }
    if (savedNamespace === undefined) {
      const created = await createScreen(request.declaration);
      return { kind: 'saved', namespace: created.namespace, version: created.version };
    }
    const conversions = decision.conversions;
    const updated = await updateScreen(savedNamespace, {
      ...request,
      base_version: request.base_version ?? 0,
      ...(Object.keys(conversions).length > 0 ? { conversions } : {}),
    });
    return { kind: 'saved', namespace: savedNamespace, version: updated.version };
  } catch (error) {
    if (statusOf(error) === 409) return { kind: 'conflict', reload: await askConfirm(CONFLICT_MESSAGE, CONFLICT_TITLE) };
    return failure(error);
  }
}
