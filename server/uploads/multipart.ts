import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TSchema, Static } from '@sinclair/typebox';
import { HttpError, invalid } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import { fieldErrors, validatorCompiler } from '../plugins/validation';
import { textErrors } from '../plugins/plainText';
import { DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES } from '../../schemas/uploads';

/** Fields beside the file: few and short (a description is the longest). */
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 16 * 1024;

/** Registers @fastify/multipart once; each route then reads its parts with its own file size cap. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: Math.max(DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES), files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    throwFileSizeLimit: true,
  });
}

export interface ReceivedFile {
  buffer: Buffer;
  /** As the client named it: for the extension check and the display name only. */
  filename: string;
}

export interface ReceivedForm {
  file: ReceivedFile | null;
  fields: Record<string, string>;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The plugin's errors in words a person can act on; anything else unreadable is a 400. */
function translate(error: unknown, maxBytes: number, maxFiles = 1): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  const tooMany = maxFiles === 1 ? 'Send one file at a time.' : `Send at most ${maxFiles} files at a time.`;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, `The file is too large: files up to ${megabytes(maxBytes)} are accepted.`);
    case 'FST_FILES_LIMIT':
      return invalid(tooMany, { file: [tooMany] });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return invalid('The form has too many fields.', {});
    case 'FST_PROTO_VIOLATION':
      return invalid('The form has a field name that is not allowed.', {});
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid(INVALID_FORM_MESSAGE, {});
    default:
      return new HttpError(400, 'The upload could not be read: send it as multipart/form-data.');
  }
}

/**
 * Reads a multipart request: the file of `fileField` into memory (at most `maxBytes`) and the text fields.
 * Nothing touches the disk here; the caller checks the content before anything is stored.
 */
export async function readMultipart(request: FastifyRequest, fileField: string, maxBytes: number): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new HttpError(415, `Send this request as multipart/form-data with the file in the field "${fileField}".`);
  const fields = new Map<string, string>();
  let file: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === fileField && file === null) file = { buffer, filename: part.filename ?? '' };
        continue;
      }
      if (part.valueTruncated) throw invalid(INVALID_FORM_MESSAGE, { [part.fieldname]: ['This field is too long.'] });
      if (!fields.has(part.fieldname)) fields.set(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
    }
  } catch (error) {
    throw translate(error, maxBytes);
  }
  return { file, fields: Object.fromEntries(fields) };
}

export interface ReceivedFiles {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

/**
 * Reads a multipart request with several files in the fields `fileFields` (in the order sent, each at
 * most `maxBytes`, at most `maxFiles`) and the text fields; nothing touches the disk.
 */
export async function readMultipartFiles(request: FastifyRequest, fileFields: readonly string[], maxFiles: number, maxBytes: number): Promise<ReceivedFiles> {
  if (!request.isMultipart()) throw new HttpError(415, `Send this request as multipart/form-data with the files in the field "${fileFields[0]}".`);
  const fields = new Map<string, string>();
  const files: ReceivedFile[] = [];
  try {
    const limits = { fileSize: maxBytes, files: maxFiles, fields: MAX_FIELDS, parts: MAX_FIELDS + maxFiles };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (fileFields.includes(part.fieldname)) files.push({ buffer, filename: part.filename ?? '' });
        continue;
      }
      if (part.valueTruncated) throw invalid(INVALID_FORM_MESSAGE, { [part.fieldname]: ['This field is too long.'] });
      if (!fields.has(part.fieldname)) fields.set(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
    }
  } catch (error) {
    throw translate(error, maxBytes, maxFiles);
  }
  return { files, fields: Object.fromEntries(fields) };
}

/** The file of a form, or the clear 422 the client's 'Please select file' stands for. */
export function requireFile(form: ReceivedForm, fileField: string): ReceivedFile {
  if (!form.file) throw invalid(`No file was received: send it in the field "${fileField}".`, { [fileField]: ['This field is required.'] });
  return form.file;
}

const compiled = new WeakMap<TSchema, ReturnType<typeof validatorCompiler>>();

/** Validates the text fields of a form like a query string (text coerced to the declared types, defaults applied). */
export function validateFields<T extends TSchema>(schema: T, fields: Record<string, string>): Static<T> {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = validatorCompiler({ schema, httpPart: 'querystring', method: 'POST', url: '' });
    compiled.set(schema, validate);
  }
  const data: Record<string, unknown> = { ...fields };
  const result = validate(data) as boolean | { error?: unknown };
  const errors = (validate as unknown as { errors?: Parameters<typeof fieldErrors>[0] | null }).errors;
  if (result !== true || errors) throw invalid(INVALID_FORM_MESSAGE, fieldErrors(errors ?? []));
  // Multipart fields skip the JSON-body guard of server/plugins/plainText.ts: same rule here.
  const textual = textErrors(data);
  if (Object.keys(textual).length > 0) throw invalid(INVALID_FORM_MESSAGE, textual);
  return data as Static<T>;
}
