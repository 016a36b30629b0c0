import { forbidden, notFound } from '../errors';
import { nowUtc } from '../db/time';
import { API_PREFIX } from '../plugins/access';
import { checkUpload } from '../uploads/detect';
import type { ReceivedFile } from '../uploads/multipart';
import { displayName, newStoredName, originalName, thumbnailName, withoutExtension } from '../uploads/names';
import type { ServedFile } from '../uploads/serve';
import { removeStoredFiles, writeStoredFiles } from '../uploads/storage';
import { makeThumbnail } from '../uploads/thumbnail';
import type { UploadContext } from '../uploads/context';
import { pagedAnswer } from './paged';
import type { MediaAnswer, MediasQuery } from '../../schemas/medias';
import type { Paged } from '../../schemas/paged';
import { IMAGE_EXTENSIONS } from '../../schemas/uploads';
import { isAdminRole } from '../../schemas/roles';

/** Divides evenly into the gallery's 2, 3 and 4 columns. */
const DEFAULT_PER_PAGE = 24;

export function mediaFileUrl(storedName: string): string {
  return `${API_PREFIX}/medias/file/${storedName}`;
}

interface MediaRow {
  id: number;
  name: string;
  extension: string;
  slug: string;
  created_at: string;
  username: string | null;
}

function toAnswer(row: MediaRow): MediaAnswer {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    sizes: { thumb: mediaFileUrl(thumbnailName(row.slug)), original: mediaFileUrl(row.slug) },
    created_at: row.created_at,
    user: { username: row.username },
  };
}

/** POST /medias (and the announcement image): png, gif or jpeg by content, decoded, with a thumbnail beside it. */
export async function saveMedia(ctx: UploadContext, file: ReceivedFile): Promise<MediaAnswer> {
  const detected = await checkUpload(file.buffer, file.filename, IMAGE_EXTENSIONS);
  const thumbnail = await makeThumbnail(file.buffer, detected.extension);
  const slug = newStoredName(detected.extension);
  const name = withoutExtension(displayName(file.filename, 'Image'));
  const now = nowUtc();
  const files = [
    { name: slug, data: file.buffer },
    { name: thumbnailName(slug), data: thumbnail },
  ];
  await writeStoredFiles(ctx.dataDir, 'medias', files);
  try {
    const { id } = await ctx.database.db
      .insertInto('medias')
      .values({
        name,
        extension: detected.extension,
        slug,
        user_id: ctx.user.id,
        size: file.buffer.length,
        mime: detected.mime,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toAnswer({ id, name, extension: detected.extension, slug, created_at: now, username: ctx.user.username });
  } catch (error) {
    await removeStoredFiles(
      ctx.dataDir,
      'medias',
      files.map((f) => f.name),
      ctx.log,
    );
    throw error;
  }
}

/** GET /medias: the signed-in user's media, newest first; another user's only for an admin. */
export async function listMedias(ctx: UploadContext, query: MediasQuery): Promise<Paged<MediaAnswer>> {
  const userId = query.user_id ?? ctx.user.id;
  if (userId !== ctx.user.id && !isAdminRole(ctx.user.role)) throw forbidden('You can only see your own media.');
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const { db } = ctx.database;
  const [{ count }, rows] = await Promise.all([
    db
      .selectFrom('medias')
      .where('user_id', '=', userId)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('medias')
      .leftJoin('users', 'users.id', 'medias.user_id')
      .select(['medias.id', 'medias.name', 'medias.extension', 'medias.slug', 'medias.created_at', 'users.username'])
      .where('medias.user_id', '=', userId)
      .orderBy('medias.created_at', 'desc')
      .orderBy('medias.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return pagedAnswer(rows.map(toAnswer), {
    page,
    perPage,
    total: Number(count),
    path: `${API_PREFIX}/medias`,
    params: { user_id: query.user_id, per_page: query.per_page },
  });
}

/** POST /medias/bulk-delete: all or nothing, own media only; files are removed once the rows are gone for good. */
export async function deleteMedias(ctx: UploadContext, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const slugs = await ctx.database.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('medias').select(['id', 'user_id', 'slug']).where('id', 'in', unique).execute();
    // Only administrators see everyone's media; to anyone else another user's id reads as missing, so ids are not confirmed.
    const visible = isAdminRole(ctx.user.role) ? rows : rows.filter((row) => row.user_id === ctx.user.id);
    if (visible.length !== unique.length) throw notFound('Some of the selected media no longer exist.');
    if (rows.some((row) => row.user_id !== ctx.user.id)) throw forbidden('You can only delete your own media.');
    await trx.deleteFrom('medias').where('id', 'in', unique).execute();
    return rows.map((row) => row.slug);
  });
  await removeStoredFiles(
    ctx.dataDir,
    'medias',
    slugs.flatMap((slug) => [slug, thumbnailName(slug)]),
    ctx.log,
  );
  return slugs.length;
}

/**
 * GET /medias/file/{name}: any signed-in user may see a media image (media are shown in expenses,
 * announcements and alerts); only names of recorded media are served.
 */
export async function mediaFile(ctx: UploadContext, storedName: string): Promise<ServedFile> {
  const row = await ctx.database.db
    .selectFrom('medias')
    .select(['name', 'extension', 'mime', 'slug'])
    .where('slug', '=', originalName(storedName))
    .executeTakeFirst();
  if (!row) throw notFound();
  return { area: 'medias', storedName, mime: row.mime, downloadName: `${row.name}.${row.extension}` };
}

/** Removes the files of media rows deleted elsewhere (the CRUD list's delete): call after the transaction commits. */
export async function removeMediaFiles(ctx: Pick<UploadContext, 'dataDir' | 'log'>, slugs: readonly string[]): Promise<void> {
  await removeStoredFiles(
    ctx.dataDir,
    'medias',
    slugs.flatMap((slug) => [slug, thumbnailName(slug)]),
    ctx.log,
  );
}
