import { Type, type Static } from '@sinclair/typebox';
import { FloorShapeSchema } from './shapes';

/**
 * Answers of the floorlayout calls. The spec's client reads `success` and `message`; `status`
 * keeps them in the house envelope. Failures answer the error envelope plus `success: false`.
 */
const ok = { status: Type.Literal('success'), success: Type.Literal(true) };

export const SpaceOwnerSchema = Type.Object({
  /** The space-owner row: what Remove in the space history deletes. */
  id: Type.Integer(),
  user: Type.Object({ id: Type.Integer(), username: Type.String() }),
  floor_price: Type.Number(),
});

export const SpaceSchema = Type.Object({
  id: Type.Integer(),
  floor_no: Type.Integer(),
  layer_id: Type.Integer(),
  floor_name: Type.String(),
  floor_description: Type.String(),
  floor_size: Type.String(),
  floor_status: Type.String(),
  floor_coords: Type.String(),
  floor_bg_color: Type.String(),
  floor_text_color: Type.String(),
  floor_font_size: Type.Integer(),
  floor_font_weight: Type.Integer(),
  floor_rotate: Type.Integer(),
  border_color: Type.String(),
  border_width: Type.Integer(),
  floor_price: Type.Number(),
  owners: Type.Array(SpaceOwnerSchema),
});
export type SpaceAnswer = Static<typeof SpaceSchema>;

export const LayerBackgroundSchema = Type.Object({
  /** URL of the floor image, '' for a plain colour. */
  path: Type.String(),
  width: Type.Number(),
  height: Type.Number(),
  background: Type.String(),
  isblank: Type.Boolean(),
});
export type LayerBackground = Static<typeof LayerBackgroundSchema>;

export const LayerObjectsSchema = Type.Object({ json: Type.Array(FloorShapeSchema), svg: Type.String() });
export type LayerObjects = Static<typeof LayerObjectsSchema>;

export const LayerOptionSchema = Type.Object({ id: Type.Integer(), layer_name: Type.String(), is_default: Type.Boolean() });

export const LayerSchema = Type.Object({
  id: Type.Integer(),
  layer_name: Type.String(),
  is_default: Type.Boolean(),
  layer_background: LayerBackgroundSchema,
  layer_objects: LayerObjectsSchema,
});
export type LayerAnswer = Static<typeof LayerSchema>;

export const FloorListAnswerSchema = Type.Object({ ...ok, layout: Type.Array(SpaceSchema), layers: Type.Array(LayerOptionSchema), activeLayer: LayerSchema });
export type FloorListAnswer = Static<typeof FloorListAnswerSchema>;

export const FloorMessageSchema = Type.Object({ ...ok, message: Type.String() });
export const SpaceSavedSchema = Type.Object({ ...ok, message: Type.String(), space: SpaceSchema });
export const LayerSavedSchema = Type.Object({ ...ok, message: Type.String(), layer: LayerSchema });

export const HistorySpaceSchema = Type.Object({
  floor_no: Type.Integer(),
  space_size: Type.String(),
  price: Type.Number(),
  space_owner_id: Type.Integer(),
  space_id: Type.Integer(),
  layer: Type.Integer(),
});
export type HistorySpace = Static<typeof HistorySpaceSchema>;

export const HistoryEntrySchema = Type.Object({
  id: Type.Integer(),
  vendor_id: Type.Integer(),
  space_date: Type.String(),
  total: Type.Number(),
  data: Type.Array(HistorySpaceSchema),
  extra: Type.Object({ action: Type.String(), space_id: Type.Integer(), floor_no: Type.Integer(), by: Type.Union([Type.Integer(), Type.Null()]) }),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

export const HistoryAnswerSchema = Type.Object({ ...ok, history: Type.Array(HistoryEntrySchema) });
