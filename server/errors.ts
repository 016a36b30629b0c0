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
