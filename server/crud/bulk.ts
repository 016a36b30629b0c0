import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { forbidden, invalid } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import type { SessionUser } from '../services/sessions';
import { DELETE_SELECTED, bulkActionsFor } from './actions';
import { readableIds } from './accessRows';
import { deleteEntry } from './remove';
import type { Resource } from './resource';

export const UNKNOWN_ACTION_MESSAGE = 'This action is not supported.';

export function bulkMessage(done: number, verb: string, failed: number): string {
  return `The operation was successful: ${done} ${verb}, ${failed} failed.`;
}

/**
 * POST …/bulk-actions: delete_selected deletes row by row, each in its own transaction with its
 * hooks, so one refused row does not keep the others; other declared actions go to hooks.bulkAction.
 */
export async function runBulkAction(
  database: Database,
  resource: Resource,
  user: SessionUser,
  address: string,
  action: string,
  entries: readonly number[],
  onFailure: (id: number, error: unknown) => void = () => undefined,
): Promise<string> {
  const { declaration } = resource;
  // A POPUP action runs in the browser: there is nothing to run here.
  const declared = declaration.bulkActions?.some((candidate) => candidate.identifier === action && candidate.type !== 'POPUP') ?? action === DELETE_SELECTED;
  const supported = action === DELETE_SELECTED || resource.hooks.bulkAction !== undefined;
  if (!declared || !supported) throw invalid(INVALID_FORM_MESSAGE, { action: [UNKNOWN_ACTION_MESSAGE] });
  if (!bulkActionsFor(declaration, user.role).some((candidate) => candidate.identifier === action)) throw forbidden();
  const ids = [...new Set(entries)];
  if (action !== DELETE_SELECTED) {
    const db = database.db as unknown as Kysely<any>;
    // The hook gets only the rows the role may read; the others count as failed.
    const readable = await readableIds(db, database.dialect, user, resource, ids);
    const result = await resource.hooks.bulkAction!(action, readable, { db, dialect: database.dialect, user, address, declaration });
    return bulkMessage(result.done, result.verb ?? 'done', result.failed + ids.length - readable.length);
  }
  let deleted = 0;
  let failed = 0;
  for (const id of ids) {
    try {
      // A selected row is one of the list's: readable as well as deletable.
      await deleteEntry(database, resource, user, id, address, ['read', 'delete']);
      deleted += 1;
    } catch (error) {
      onFailure(id, error);
      failed += 1;
    }
  }
  return bulkMessage(deleted, 'deleted', failed);
}
