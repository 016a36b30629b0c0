import type { BulkAction, ListRow, ListRowAction } from './types';
import { apiPath, http } from '../http';
import { showSnackbar } from '../notices';
import { askConfirm, openPopup } from '../popups';
import { LIST_MESSAGES } from './listMessages';
import { crudSource } from './useCrudQueries';
import type { ListParams } from './listParams';

interface MessageAnswer {
  status?: string;
  message?: string;
}

export interface RowActionContext {
  navigate: (path: string) => void;
  refresh: () => void;
}

/**
 * Runs a row action (spec 01 §3, §7): GOTO navigates; GET and DELETE ask the configured confirm
 * first, call the url, show the server's message and refresh; POPUP opens the popup registered
 * under `component` with the row, or shows the spec's message when none is.
 */
export async function runRowAction(action: ListRowAction, row: ListRow, context: RowActionContext): Promise<void> {
  if (action.type === 'GOTO') {
    if (action.url) context.navigate(action.url);
    return;
  }
  if (action.type === 'POPUP') {
    try {
      await openPopup(action.component ?? '', { row, refresh: context.refresh });
    } catch (error) {
      // A dismissed popup is a normal answer; only a missing component is reported.
      if (error instanceof Error && error.name !== 'PopupDismissed') showSnackbar({ message: error.message, variant: 'error' });
    }
    return;
  }
  if (!action.url) return;
  if (action.confirm && !(await askConfirm(action.confirm.message))) return;
  const answer = (await http.request<MessageAnswer>({ method: action.type, url: apiPath(action.url) })).data;
  if (answer.message) showSnackbar({ message: answer.message, variant: 'success' });
  context.refresh();
}

/** A POPUP bulk action opens its popup with the namespace and the selected ids; it ran when the popup answered. */
async function openBulkPopup(namespace: string, action: BulkAction, entries: readonly number[]): Promise<boolean> {
  try {
    await openPopup(action.component ?? '', { namespace, entries: [...entries] });
    return true;
  } catch (error) {
    // A dismissed popup keeps the selection; only a missing component is reported.
    if (error instanceof Error && error.name !== 'PopupDismissed') showSnackbar({ message: error.message, variant: 'error' });
    return false;
  }
}

/**
 * Runs a bulk action on the selected rows (spec 01 §5): it needs an action and a selection, asks
 * the action's confirm, then posts it, or opens its popup (type POPUP), and answers whether it ran
 * (the caller then clears the selection).
 */
export async function runBulkAction(namespace: string, action: BulkAction | undefined, entries: readonly number[]): Promise<boolean> {
  if (!action) {
    showSnackbar({ message: LIST_MESSAGES.noAction, variant: 'error' });
    return false;
  }
  if (entries.length === 0) {
    showSnackbar({ message: LIST_MESSAGES.noSelection, variant: 'error' });
    return false;
  }
  if (action.confirm && !(await askConfirm(action.confirm))) return false;
  if (action.type === 'POPUP') return openBulkPopup(namespace, action, entries);
  const answer = (await http.post<MessageAnswer>(`${crudSource(namespace)}/bulk-actions`, { action: action.identifier, entries })).data;
  if (answer.message) showSnackbar({ message: answer.message, variant: 'success' });
  return true;
}

/**
 * Download (spec 01 §7): POST {src}/export with the list's query and the selected rows, then the
 * browser goes to the answered url; any failure says 'Unexpected error occurred.'.
 */
export async function exportList(namespace: string, params: ListParams, entries: readonly number[], go: (url: string) => void): Promise<void> {
  try {
    const { page: _page, per_page: _perPage, cursor: _cursor, ...query } = params;
    const answer = (await http.post<{ url: string }>(`${crudSource(namespace)}/export`, entries.length > 0 ? { entries } : {}, { params: query, silent: true }))
      .data;
    showSnackbar({ message: LIST_MESSAGES.exported, variant: 'success' });
    go(answer.url);
  } catch {
    showSnackbar({ message: LIST_MESSAGES.exportFailed, variant: 'error' });
  }
}
