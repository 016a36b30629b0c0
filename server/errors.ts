/** A refusal a service raises on purpose; the error plugin turns it into the one envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'You must be signed in to do this.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'The requested resource was not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const invalid = (message: string, errors: Record<string, string[]>) => new HttpError(422, message, errors);

/** HTTP 507 Insufficient Storage: the store's disk (or the database's) has no room for the write. */
export const DISK_FULL_MESSAGE = "The store's disk is full. Free some space and try again.";
export const diskFull = () => new HttpError(507, DISK_FULL_MESSAGE);

/** A number the database refuses as out of its column's range (PostgreSQL 22003); the schemas' bounds should stop it first. */
export const NUMBER_OUT_OF_RANGE_MESSAGE = 'A number in the request is too large.';

/** Error codes meaning "no space left": the file system (ENOSPC, EDQUOT), SQLite (SQLITE_FULL) and PostgreSQL (53100 disk_full). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  // A driver or library may wrap the system error; follow `cause` a few levels.
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** True when the error says the disk (or the database's storage) is full. */
export function isDiskFull(error: unknown): boolean {
  return codesOf(error).some((code) => DISK_FULL_CODES.has(code));
}

/** True when PostgreSQL refused a number as out of range for its column (22003 numeric_value_out_of_range). */
export function isNumberOutOfRange(error: unknown): boolean {
  return codesOf(error).includes('22003');
}
