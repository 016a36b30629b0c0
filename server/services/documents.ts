import type { Kysely, Selectable } from 'kysely';
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
import { mayDo } from '../crud/config';
import { documentTypeOf } from '../crud/documentFields';
import { findRow } from '../crud/entryRow';
import type { CrudRegistry } from '../crud/registry';
import type { Resource } from '../crud/resource';
import { pagedAnswer } from './paged';
import type { DocumentAnswer, DocumentsTempBody, DocumentUploadFields } from '../../schemas/documents';
import { formFields } from '../../schemas/form/validate';
import type { Paged, PageQuery } from '../../schemas/paged';
import { DOCUMENT_EXTENSIONS } from '../../schemas/uploads';
import { isAdminRole } from '../../schemas/roles';

type DocumentRow = Selectable<DocumentsTable>;

const DEFAULT_PER_PAGE = 50;

/** Our message: the record a non-zero custom_id names does not exist, or not for this caller. */
export const DOCUMENT_RECORD_NOT_FOUND = 'The record these documents belong to was not found.';

/** The document services need the CRUD resources: a document's type and custom_id name one of their rows. */
export interface DocumentContext extends UploadContext {
  registry: CrudRegistry;
}

/**
 * What a document belongs to (spec 01 §3): `type` is the document_type of a document field (its name
 * when it has none) in a CRUD form, and a non-zero `custom_id` the id of the record that form edits.
 * The resources whose forms hold such a field are the ones the id can point into.
 */
function resourcesOfType(registry: CrudRegistry, type: string): Resource[] {
  return registry
    .list()
    .filter(
      ({ declaration }) =>
        declaration.form !== undefined && formFields(declaration.form).some(({ field }) => field.type === 'document' && documentTypeOf(field) === type),
    );
}

type RecordAccess = 'allowed' | 'forbidden' | 'not_found';

/**
 * Whether the caller may read (list, download) or update (attach to) record `customId` of `type`:
 * the operation's capability on every resource declaring the type, and the row within the caller's
 * scope of each (a vendor's own record, a customer's own order…). A type no form declares names no
 * record. `lock` holds the rows until the transaction ends (PostgreSQL), so the record cannot go
 * between the check and the write.
 */
async function recordAccess(
  ctx: DocumentContext,
  db: Kysely<any>,
  type: string,
  customId: number,
  operation: 'read' | 'update',
  lock = false,
): Promise<RecordAccess> {
  const resources = resourcesOfType(ctx.registry, type);
  if (resources.length === 0) return 'not_found';
  if (resources.some((resource) => !mayDo(resource, ctx.user.role, operation))) return 'forbidden';
  for (const resource of resources) {
    if (!(await findRow(db, ctx.database.dialect, ctx.user, resource, customId, lock))) return 'not_found';
  }
  return 'allowed';
}

/**
 * Refuses a record the caller may not reach: 403 when their role lacks the capability (which says
 * nothing about the id), else 404 for a record outside their scope, the same as a missing one.
 */
async function assertRecordAccess(
  ctx: DocumentContext,
  db: Kysely<any>,
  type: string,
  customId: number,
  operation: 'read' | 'update',
  lock = false,
): Promise<void> {
  const access = await recordAccess(ctx, db, type, customId, operation, lock);
  if (access === 'forbidden') throw forbidden();
  if (access === 'not_found') throw notFound(DOCUMENT_RECORD_NOT_FOUND);
}

/** Whether the caller may see a stored document: their own upload, an administrator, or a record they may read. */
async function maySeeDocument(ctx: DocumentContext, row: Pick<DocumentRow, 'user_id' | 'type' | 'custom_id'>): Promise<boolean> {
  if (row.user_id === ctx.user.id || isAdminRole(ctx.user.role)) return true;
  if (row.custom_id === 0) return false;
  return (await recordAccess(ctx, ctx.database.db as unknown as Kysely<any>, row.type, row.custom_id, 'read')) === 'allowed';
}

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

/**
 * POST /documents: checks the content, stores it under a random name, records it (temporary while
 * custom_id is 0). A non-zero custom_id attaches it to that record at once, so the caller must be
 * allowed to update the record (see recordAccess); the check and the insert share one transaction.
 */
export async function saveDocument(ctx: DocumentContext, file: ReceivedFile, fields: DocumentUploadFields): Promise<DocumentAnswer> {
  const customId = fields.custom_id ?? 0;
  // Refused before the file touches the disk.
  if (customId !== 0) await assertRecordAccess(ctx, ctx.database.db as unknown as Kysely<any>, fields.type, customId, 'update');
  const detected = await checkUpload(file.buffer, file.filename, DOCUMENT_EXTENSIONS);
  const storedName = newStoredName(detected.extension);
  const typedName = fields.filename?.trim() ? displayName(fields.filename, '') : '';
  const name = typedName || withoutExtension(displayName(file.filename, 'Document'));
  const description = fields.description?.trim() ? fields.description.trim() : null;
  await writeStoredFiles(ctx.dataDir, 'documents', [{ name: storedName, data: file.buffer }]);
  try {
    const row = await ctx.database.db.transaction().execute(async (trx) => {
      if (customId !== 0) await assertRecordAccess(ctx, trx as unknown as Kysely<any>, fields.type, customId, 'update', true);
      return trx
        .insertInto('documents')
        .values({
          name,
          description,
          extension: detected.extension,
          stored_name: storedName,
          type: fields.type,
          custom_id: customId,
          user_id: ctx.user.id,
          size: file.buffer.length,
          mime: detected.mime,
          created_at: nowUtc(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return toAnswer(row);
  } catch (error) {
    await removeStoredFiles(ctx.dataDir, 'documents', [storedName], ctx.log);
    throw error;
  }
}

/**
 * POST /documents/temp: with a record id, attaches the caller's temporary uploads among `ids` to it and
 * lists the record's documents; with custom_id 0, lists those temporary uploads. A record's documents
 * follow the record: listing them needs read access to it, attaching needs update access (recordAccess).
 */
export async function attachAndListDocuments(ctx: DocumentContext, body: DocumentsTempBody, query: PageQuery): Promise<Paged<DocumentAnswer>> {
  const { db } = ctx.database;
  const ids = [...new Set(body.ids ?? [])];
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  if (body.custom_id !== 0) {
    await assertRecordAccess(ctx, db as unknown as Kysely<any>, body.type, body.custom_id, 'read');
    if (ids.length > 0) {
      await db.transaction().execute(async (trx) => {
        await assertRecordAccess(ctx, trx as unknown as Kysely<any>, body.type, body.custom_id, 'update', true);
        await trx
          .updateTable('documents')
          .set({ custom_id: body.custom_id })
          .where('id', 'in', ids)
          .where('custom_id', '=', 0)
          .where('type', '=', body.type)
          .where('user_id', '=', ctx.user.id)
          .execute();
      });
    }
  }
  let scope = db.selectFrom('documents').where('type', '=', body.type);
  scope =
    body.custom_id === 0
      ? scope
          .where('custom_id', '=', 0)
          .where('user_id', '=', ctx.user.id)
          .where('id', 'in', ids.length > 0 ? ids : [0])
      : scope.where('custom_id', '=', body.custom_id);
  const [{ count }, rows] = await Promise.all([
    scope.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    scope
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return pagedAnswer(rows.map(toAnswer), { page, perPage, total: Number(count), path: `${API_PREFIX}/documents/temp`, params: { per_page: query.per_page } });
}

export const DELETE_DOCUMENT_REFUSED = 'Only the uploader or an administrator may delete this file.';

/**
 * DELETE /documents/{id}: the uploader or an admin; the file goes once the row is gone. Someone who
 * sees the document (it belongs to a record they may read) is told why not (403); anyone else gets
 * the 404 of a missing document.
 */
export async function deleteDocument(ctx: DocumentContext, id: number): Promise<void> {
  const row = await ctx.database.db
    .selectFrom('documents')
    .select(['id', 'user_id', 'stored_name', 'type', 'custom_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !(await maySeeDocument(ctx, row))) throw notFound();
  if (row.user_id !== ctx.user.id && !isAdminRole(ctx.user.role)) throw forbidden(DELETE_DOCUMENT_REFUSED);
  await ctx.database.db.deleteFrom('documents').where('id', '=', id).execute();
  await removeStoredFiles(ctx.dataDir, 'documents', [row.stored_name], ctx.log);
}

/** Removes the files of document rows deleted elsewhere (the CRUD list's delete): call after the transaction commits. */
export async function removeDocumentFiles(ctx: Pick<UploadContext, 'dataDir' | 'log'>, storedNames: readonly string[]): Promise<void> {
  await removeStoredFiles(ctx.dataDir, 'documents', storedNames, ctx.log);
}

/** GET /documents/file/{name}: a document the caller may see (maySeeDocument), else 404 (its existence is not revealed). */
export async function documentFile(ctx: DocumentContext, storedName: string): Promise<ServedFile> {
  const row = await ctx.database.db
    .selectFrom('documents')
    .select(['name', 'extension', 'mime', 'user_id', 'stored_name', 'type', 'custom_id'])
    .where('stored_name', '=', storedName)
    .executeTakeFirst();
  if (!row || !(await maySeeDocument(ctx, row))) throw notFound();
  const downloadName = row.name.toLowerCase().endsWith(`.${row.extension}`) ? row.name : `${row.name}.${row.extension}`;
  return { area: 'documents', storedName: row.stored_name, mime: row.mime, downloadName };
}
