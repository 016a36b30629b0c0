import { Type, type Static } from '@sinclair/typebox';
import { FloorShapeSchema } from './shapes';
import { LAYER_BORDER_TYPES } from './layerBorder';

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
  /** The floor's border (spec 02 §3): width in px (0 none), CSS border type, colour; the server always sends them. */
  is_border: Type.Optional(Type.Integer()),
  border_type: Type.Optional(Type.Union(LAYER_BORDER_TYPES.map((type) => Type.Literal(type)))),
  border_color: Type.Optional(Type.String()),
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
/** A message plus what the administrator should know about its side effects. */
export const FloorNoticesSchema = Type.Object({ ...ok, message: Type.String(), notices: Type.Array(Type.String()) });
export const SpaceSavedSchema = Type.Object({ ...ok, message: Type.String(), space: SpaceSchema });
/** Update also says which owner rows were discarded and why (planOwnership), one sentence each. */
export const SpaceUpdatedSchema = Type.Object({ ...ok, message: Type.String(), space: SpaceSchema, notices: Type.Array(Type.String()) });
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
