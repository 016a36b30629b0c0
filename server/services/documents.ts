import { forbidden, notFound } from '../errors';
import { nowUtc } from '../db/time';
import { API_PREFIX } from '../plugins/access';
import { checkUpload } from '../uploads/detect';
import type { ReceivedFile } from '../uploads/multipart';
import { displayName, newStoredName, withoutExtension } from '../uploads/names';
import type { ServedFile } from '../uploads/serve';
import { removeStoredFiles, writeStoredFiles } from '../uploads/storage';
import type { UploadContext } from '../uploads/context';
import type { DocumentsTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { pagedAnswer } from './paged';
import type { DocumentAnswer, DocumentsTempBody, DocumentUploadFields } from '../../schemas/documents';
import type { Paged, PageQuery } from '../../schemas/paged';
import { DOCUMENT_EXTENSIONS } from '../../schemas/uploads';
import { isAdminRole, type Role } from '../../schemas/roles';

type DocumentRow = Selectable<DocumentsTable>;

const DEFAULT_PER_PAGE = 50;
/** Staff see every document attached to a record; vendors and customers only what they uploaded themselves. */
const READS_ALL_DOCUMENTS: readonly Role[] = ['administrator', 'store_administrator', 'manager', 'cashier'];

const readsAll = (role: Role) => READS_ALL_DOCUMENTS.includes(role);

export function documentFileUrl(storedName: string): string {
  return `${API_PREFIX}/documents/file/${storedName}`;
}

function toAnswer(row: DocumentRow): DocumentAnswer {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    extension: row.extension,
    url: documentFileUrl(row.stored_name),
    type: row.type,
    custom_id: row.custom_id,
    size: row.size,
    created_at: row.created_at,
  };
}

/** POST /documents: checks the content, stores it under a random name, records it (temporary while custom_id is 0). */
export async function saveDocument(ctx: UploadContext, file: ReceivedFile, fields: DocumentUploadFields): Promise<DocumentAnswer> {
  const detected = await checkUpload(file.buffer, file.filename, DOCUMENT_EXTENSIONS);
  const storedName = newStoredName(detected.extension);
  const typedName = fields.filename?.trim() ? displayName(fields.filename, '') : '';
  const name = typedName || withoutExtension(displayName(file.filename, 'Document'));
  const description = fields.description?.trim() ? fields.description.trim() : null;
  await writeStoredFiles(ctx.dataDir, 'documents', [{ name: storedName, data: file.buffer }]);
  try {
    const row = await ctx.database.db.insertInto('documents').values({
      name,
      description,
      extension: detected.extension,
      stored_name: storedName,
      type: fields.type,
      custom_id: fields.custom_id ?? 0,
      user_id: ctx.user.id,
      size: file.buffer.length,
      mime: detected.mime,
      created_at: nowUtc(),
    }).returningAll().executeTakeFirstOrThrow();
    return toAnswer(row);
  } catch (error) {
    await removeStoredFiles(ctx.dataDir, 'documents', [storedName], ctx.log);
    throw error;
  }
}

/**
 * POST /documents/temp: with a record id, attaches the caller's temporary uploads among `ids` to it and
 * lists the record's documents; with custom_id 0, lists those temporary uploads.
 */
export async function attachAndListDocuments(ctx: UploadContext, body: DocumentsTempBody, query: PageQuery): Promise<Paged<DocumentAnswer>> {
  const { db } = ctx.database;
  const ids = [...new Set(body.ids ?? [])];
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  if (body.custom_id !== 0 && ids.length > 0) {
    await db.updateTable('documents').set({ custom_id: body.custom_id })
      .where('id', 'in', ids).where('custom_id', '=', 0).where('type', '=', body.type).where('user_id', '=', ctx.user.id)
      .execute();
  }
  let scope = db.selectFrom('documents').where('type', '=', body.type);
  if (body.custom_id === 0) {
    scope = scope.where('custom_id', '=', 0).where('user_id', '=', ctx.user.id).where('id', 'in', ids.length > 0 ? ids : [0]);
  } else {
    scope = scope.where('custom_id', '=', body.custom_id);
    if (!readsAll(ctx.user.role)) scope = scope.where('user_id', '=', ctx.user.id);
  }
  const [{ count }, rows] = await Promise.all([
    scope.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    scope.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
  ]);
  return pagedAnswer(rows.map(toAnswer), { page, perPage, total: Number(count), path: `${API_PREFIX}/documents/temp`, params: { per_page: query.per_page } });
}

/** DELETE /documents/{id}: the uploader or an admin; the file goes once the row is gone. */
export async function deleteDocument(ctx: UploadContext, id: number): Promise<void> {
  const row = await ctx.database.db.selectFrom('documents').select(['id', 'user_id', 'stored_name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (row.user_id !== ctx.user.id && !isAdminRole(ctx.user.role)) throw forbidden('Only the uploader or an administrator may delete this file.');
  await ctx.database.db.deleteFrom('documents').where('id', '=', id).execute();
  await removeStoredFiles(ctx.dataDir, 'documents', [row.stored_name], ctx.log);
}

/** Removes the files of document rows deleted elsewhere (the CRUD list's delete): call after the transaction commits. */
export async function removeDocumentFiles(ctx: Pick<UploadContext, 'dataDir' | 'log'>, storedNames: readonly string[]): Promise<void> {
  await removeStoredFiles(ctx.dataDir, 'documents', storedNames, ctx.log);
}

/** GET /documents/file/{name}: a document the caller may read, else 404 (its existence is not revealed). */
export async function documentFile(ctx: UploadContext, storedName: string): Promise<ServedFile> {
  const row = await ctx.database.db.selectFrom('documents').select(['name', 'extension', 'mime', 'user_id', 'stored_name'])
    .where('stored_name', '=', storedName).executeTakeFirst();
  if (!row || (row.user_id !== ctx.user.id && !readsAll(ctx.user.role))) throw notFound();
  const downloadName = row.name.toLowerCase().endsWith(`.${row.extension}`) ? row.name : `${row.name}.${row.extension}`;
  return { area: 'documents', storedName: row.stored_name, mime: row.mime, downloadName };
}
