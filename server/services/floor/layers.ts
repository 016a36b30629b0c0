import sharp from 'sharp';
import type { Database } from '../../db';
import { forUpdate } from '../../db/dialect';
import { nowUtc } from '../../db/time';
import { HttpError, conflict, invalid, notFound } from '../../errors';
import type { UploadContext } from '../../uploads/context';
import { checkUpload, STORED_TYPES, type StoredExtension } from '../../uploads/detect';
import type { ReceivedFile } from '../../uploads/multipart';
import { newStoredName } from '../../uploads/names';
import type { ServedFile } from '../../uploads/serve';
import { removeStoredFiles, writeStoredFiles } from '../../uploads/storage';
import { makeThumbnail } from '../../uploads/thumbnail';
import { WHITE } from '../../../schemas/floor/colour';
import { NO_LAYER_BORDER } from '../../../schemas/floor/layerBorder';
import type { BlankLayerBody, CreateObjectBody } from '../../../schemas/floor/requests';
import type { FloorListAnswer, LayerAnswer } from '../../../schemas/floor/answers';
import { IMAGE_EXTENSIONS } from '../../../schemas/uploads';
import { LAYER_NOT_FOUND, findLayer, floorImageUrl, layerAnswer, parseBackground, spaceAnswers, type LayerRow } from './rows';
import { removeSpaces } from './spaces';
import { sanitizeFloorSvg } from './sanitizeSvg';

/** Spec 02 §5 messages. */
export const SIZE_REQUIRED = 'Please Input The Width And Height Of Blank Page';
export const NAME_REQUIRED = 'Please Input The New FLoor Name';
export const NOT_AN_IMAGE = 'Please select image file';
export const DEFAULT_LAYER_KEPT = 'You Can Not Delete Default Layer';
/** A layer larger than this is a typo, not a floor. */
export const MAX_LAYER_SIDE = 20_000;

/** GET list/{layerId}: the layer's spaces with owners, every layer for the selector, the layer itself. */
export async function listFloor(database: Database, layerId: number): Promise<Omit<FloorListAnswer, 'status' | 'success'>> {
  const { db } = database;
  const layer = await findLayer(db, layerId);
  const [layers, spaces] = await Promise.all([
    db.selectFrom('floor_layers').select(['id', 'layer_name', 'is_default']).orderBy('is_default', 'desc').orderBy('id').execute(),
    db.selectFrom('floor_spaces').selectAll().where('layer_id', '=', layer.id).orderBy('floor_no').orderBy('id').execute(),
  ]);
  return {
    layout: await spaceAnswers(db, spaces),
    layers: layers.map((row) => ({ id: row.id, layer_name: row.layer_name, is_default: row.is_default === 1 })),
    activeLayer: layerAnswer(layer),
  };
}

function sideOf(value: BlankLayerBody['width']): number | null {
  const side = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : (value ?? NaN);
  return Number.isInteger(side) && side > 0 && side <= MAX_LAYER_SIDE ? side : null;
}

/** POST blank: a new layer of a plain colour (defaults in the popup: 800 × 800, white). */
export async function createBlankLayer(database: Database, body: BlankLayerBody): Promise<LayerAnswer> {
  const width = sideOf(body.width);
  const height = sideOf(body.height);
  if (width === null || height === null) {
    const field = width === null ? 'width' : 'height';
    throw invalid(SIZE_REQUIRED, { [field]: [`${SIZE_REQUIRED}: a whole number of pixels from 1 to ${MAX_LAYER_SIDE}.`] });
  }
  const name = (body.layer_name ?? '').trim();
  if (!name) throw invalid(NAME_REQUIRED, { layer_name: [NAME_REQUIRED] });
  const now = nowUtc();
  const background = {
    path: '',
    width,
    height,
    background: body.background || WHITE,
    isblank: true,
    is_border: body.is_border ?? NO_LAYER_BORDER.is_border,
    border_type: body.border_type ?? NO_LAYER_BORDER.border_type,
    border_color: body.border_color || NO_LAYER_BORDER.border_color,
  };
  const row = await database.db
    .insertInto('floor_layers')
    .values({
      layer_name: name,
      layer_background: JSON.stringify(background),
      layer_objects: JSON.stringify({ json: [], svg: '' }),
      image_name: null,
      is_default: 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return layerAnswer(row);
}

async function lockLayer(database: Database, trx: Parameters<typeof findLayer>[0], layerId: number): Promise<LayerRow> {
  const query = trx.selectFrom('floor_layers').selectAll();
  const row = await forUpdate(database.dialect, layerId === 0 ? query.where('is_default', '=', 1) : query.where('id', '=', layerId)).executeTakeFirst();
  if (!row) throw notFound(LAYER_NOT_FOUND);
  return row;
}

/** DELETE delete-layer/{id}: never the default layer; its spaces go too, with their vendors' history. */
export async function deleteLayer(ctx: UploadContext, layerId: number): Promise<void> {
  const imageName = await ctx.database.db.transaction().execute(async (trx) => {
    const layer = await lockLayer(ctx.database, trx, layerId);
    if (layer.is_default === 1) throw conflict(DEFAULT_LAYER_KEPT);
    const spaces = await forUpdate(ctx.database.dialect, trx.selectFrom('floor_spaces').selectAll().where('layer_id', '=', layer.id).orderBy('id')).execute();
    await removeSpaces(trx, ctx.database.dialect, spaces, ctx.user.id);
    await trx.deleteFrom('floor_layers').where('id', '=', layer.id).execute();
    return layer.image_name;
  });
  if (imageName) await removeStoredFiles(ctx.dataDir, 'floors', [imageName], ctx.log);
}

/** POST create-object: the editor's shapes and their SVG (sanitised) replace the layer's drawn objects. */
export async function saveLayerObjects(database: Database, body: CreateObjectBody): Promise<void> {
  const svg = sanitizeFloorSvg(body.svg);
  await database.db.transaction().execute(async (trx) => {
    const layer = await lockLayer(database, trx, body.layer);
    await trx
      .updateTable('floor_layers')
      .set({ layer_objects: JSON.stringify({ json: body.json, svg }), updated_at: nowUtc() })
      .where('id', '=', layer.id)
      .execute();
  });
}

/** DELETE delete-object/{id}: clears the drawn objects of layer {id}. */
export async function clearLayerObjects(database: Database, layerId: number): Promise<void> {
  const result = await database.db
    .updateTable('floor_layers')
    .set({ layer_objects: JSON.stringify({ json: [], svg: '' }), updated_at: nowUtc() })
    .where('id', '=', layerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(LAYER_NOT_FOUND);
}

/** png, gif or jpeg by content that decodes, with its size; anything else answers the spec's message. */
async function checkFloorImage(file: ReceivedFile | null): Promise<{ extension: StoredExtension; width: number; height: number }> {
  if (!file) throw invalid(NOT_AN_IMAGE, { file: ['This field is required.'] });
  try {
    const { extension } = await checkUpload(file.buffer, file.filename, IMAGE_EXTENSIONS);
    await makeThumbnail(file.buffer, extension); // decodes fully: refuses damaged files and decompression bombs
    const { width, height } = await sharp(file.buffer).metadata();
    return { extension, width: width ?? 0, height: height ?? 0 };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422) throw invalid(NOT_AN_IMAGE, { file: [error.message] });
    throw error;
  }
}

/** POST upload: the layer's floor image; the background takes the image's size; the old image is removed. */
export async function uploadFloorImage(ctx: UploadContext, layerId: number, file: ReceivedFile | null): Promise<void> {
  const image = await checkFloorImage(file);
  const storedName = newStoredName(image.extension);
  await writeStoredFiles(ctx.dataDir, 'floors', [{ name: storedName, data: file!.buffer }]);
  let previous: string | null;
  try {
    previous = await ctx.database.db.transaction().execute(async (trx) => {
      const layer = await lockLayer(ctx.database, trx, layerId);
      const background = { ...parseBackground(layer), path: floorImageUrl(storedName), width: image.width, height: image.height, isblank: false };
      await trx
        .updateTable('floor_layers')
        .set({ layer_background: JSON.stringify(background), image_name: storedName, updated_at: nowUtc() })
        .where('id', '=', layer.id)
        .execute();
      return layer.image_name;
    });
  } catch (error) {
    await removeStoredFiles(ctx.dataDir, 'floors', [storedName], ctx.log);
    throw error;
  }
  if (previous) await removeStoredFiles(ctx.dataDir, 'floors', [previous], ctx.log);
}

/** GET image/{name}: only the image a layer currently shows. */
export async function floorImageFile(database: Database, storedName: string): Promise<ServedFile> {
  const layer = await database.db.selectFrom('floor_layers').select('layer_name').where('image_name', '=', storedName).executeTakeFirst();
  if (!layer) throw notFound();
  const extension = storedName.split('.').pop() as StoredExtension;
  return { area: 'floors', storedName, mime: STORED_TYPES[extension], downloadName: `${layer.layer_name}.${extension}` };
}
