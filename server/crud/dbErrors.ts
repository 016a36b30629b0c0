import { conflict, invalid, HttpError } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import { REQUIRED_MESSAGE } from '../../schemas/form/rules';
import { fieldKeyOfColumn, type Resource } from './resource';

export const ALREADY_USED_MESSAGE = 'This value is already in use.';
export const MISSING_RELATED_MESSAGE = 'This field has a value that is not allowed.';
export const IN_USE_MESSAGE = 'This entry cannot be deleted because other records use it.';

interface DriverError {
  code?: string;
  message?: string;
  detail?: string;
  column?: string;
}

type Violation = 'unique' | 'foreign' | 'not_null';

/** Which constraint a better-sqlite3 or pg error broke, and the column when the driver says. */
function violationOf(error: DriverError): { kind: Violation; column: string | null } | null {
  const code = error.code ?? '';
  const message = error.message ?? '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return { kind: 'unique', column: /UNIQUE constraint failed: [a-z0-9_]+\.([a-z0-9_]+)/.exec(message)?.[1] ?? null };
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return { kind: 'foreign', column: null };
  if (code === 'SQLITE_CONSTRAINT_NOTNULL')
    return { kind: 'not_null', column: /NOT NULL constraint failed: [a-z0-9_]+\.([a-z0-9_]+)/.exec(message)?.[1] ?? null };
  const keyColumn = /^Key \((?:lower\()?([a-z0-9_]+)/.exec(error.detail ?? '')?.[1] ?? null;
  if (code === '23505') return { kind: 'unique', column: keyColumn };
  if (code === '23503') return { kind: 'foreign', column: keyColumn };
  if (code === '23502') return { kind: 'not_null', column: error.column ?? null };
  return null;
}

/** A constraint the database refused, as the answer a person can act on; other errors pass through. */
export function mapWriteError(error: unknown, resource: Resource, operation: 'save' | 'delete'): unknown {
  if (error instanceof HttpError || typeof error !== 'object' || error === null) return error;
  const violation = violationOf(error as DriverError);
  if (!violation) return error;
  if (operation === 'delete') return violation.kind === 'foreign' ? conflict(IN_USE_MESSAGE) : error;
  const message = violation.kind === 'unique' ? ALREADY_USED_MESSAGE : violation.kind === 'foreign' ? MISSING_RELATED_MESSAGE : REQUIRED_MESSAGE;
  if (!violation.column) return invalid(INVALID_FORM_MESSAGE, { _: [message] });
  return invalid(INVALID_FORM_MESSAGE, { [fieldKeyOfColumn(resource, violation.column)]: [message] });
}
