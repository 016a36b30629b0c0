import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../http';
import { MAX_DB_INTEGER } from '../money';
import { COLOUR_PATTERN } from './colour';
import { FONT_WEIGHTS } from './fontWeight';
import { LAYER_BORDER_TYPES } from './layerBorder';
import { FloorShapeSchema } from './shapes';

/** Bodies, params and upload fields of the floorlayout calls (spec 02 §7); the server validates with these. */
const strict = { additionalProperties: false } as const;
/** 0 means "the default layer" where a layer is named. */
const LayerRef = Type.Integer({ minimum: 0, maximum: MAX_DB_INTEGER });
/** A colour, or '' to go back to the default. */
const ColourOrEmpty = Type.String({ pattern: `^$|${COLOUR_PATTERN}`, maxLength: 64 });
const Decimal = Type.Union([Type.Number(), Type.String({ maxLength: 32 }), Type.Null()]);

export const LayerParamsSchema = Type.Object({ layerId: LayerRef }, strict);
export type LayerParams = Static<typeof LayerParamsSchema>;

export const VendorParamsSchema = Type.Object({ vendor_id: IdSchema }, strict);
export type VendorParams = Static<typeof VendorParamsSchema>;

export const CreateSpaceBodySchema = Type.Object(
  {
    /** 'x1,y1,x2,y2'; checked by parseCoords for the spec's message. */
    coords: Type.String({ maxLength: 200 }),
    /** The space being redrawn, or 0 for a new one. */
    id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_DB_INTEGER })),
    layer: LayerRef,
  },
  strict,
);
export type CreateSpaceBody = Static<typeof CreateSpaceBodySchema>;

export const OwnerRowSchema = Type.Object(
  {
    /** A vendor's user id, 'for_rent', 'pending', or empty (the row is dropped). */
    floor_owner: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: MAX_DB_INTEGER }), Type.String({ maxLength: 32 }), Type.Null()])),
    floor_price: Type.Optional(Decimal),
  },
  strict,
);

export const UpdateSpaceBodySchema = Type.Object(
  {
    id: IdSchema,
    /** The space's number (its label, 'Space #N'): unique, and never one another space had. */
    floor_no: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })),
    floor_name: Type.Optional(Type.Union([Type.String({ maxLength: 120 }), Type.Null()])),
    floor_description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    floor_size: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
    floor_bg_color: Type.Optional(ColourOrEmpty),
    floor_text_color: Type.Optional(ColourOrEmpty),
    border_color: Type.Optional(ColourOrEmpty),
    floor_font_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    floor_font_weight: Type.Optional(
      Type.Union([Type.Integer({ minimum: 100, maximum: 900, multipleOf: 100 }), ...FONT_WEIGHTS.map((weight) => Type.Literal(weight.name))]),
    ),
    floor_rotate: Type.Optional(Type.Integer({ multipleOf: 90, minimum: -3600, maximum: 3600 })),
    border_width: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    /** Absent: owners unchanged. Present: the whole list, as the popup's rows (spec 02 §4). */
    owners: Type.Optional(Type.Array(OwnerRowSchema, { maxItems: 50 })),
    floor_status: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  },
  strict,
);
export type UpdateSpaceBody = Static<typeof UpdateSpaceBodySchema>;

/** Loose on purpose: the spec's messages for missing width, height and name come from the service. */
export const BlankLayerBodySchema = Type.Object(
  {
    width: Type.Optional(Decimal),
    height: Type.Optional(Decimal),
    layer_name: Type.Optional(Type.Union([Type.String({ maxLength: 120 }), Type.Null()])),
    background: Type.Optional(Type.Union([ColourOrEmpty, Type.Null()])),
    /** The floor's border width in px, 0 for none (spec 02 §3: 1 to 5 px or none). */
    is_border: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    border_type: Type.Optional(Type.Union(LAYER_BORDER_TYPES.map((type) => Type.Literal(type)))),
    border_color: Type.Optional(Type.Union([ColourOrEmpty, Type.Null()])),
  },
  strict,
);
export type BlankLayerBody = Static<typeof BlankLayerBodySchema>;

export const CreateObjectBodySchema = Type.Object(
  {
    /** Markup of the drawn group, '' when nothing is drawn; stored sanitised. */
    svg: Type.String({ maxLength: 500_000 }),
    json: Type.Array(FloorShapeSchema, { maxItems: 2000 }),
    layer: LayerRef,
  },
  strict,
);
export type CreateObjectBody = Static<typeof CreateObjectBodySchema>;

/** The text fields beside the floor image. */
export const UploadFieldsSchema = Type.Object({ layer: LayerRef });
export type UploadFields = Static<typeof UploadFieldsSchema>;

/** Floor images are stored under random names; thumbnails are not kept. */
export const FLOOR_IMAGE_NAME_PATTERN = '^[a-f0-9]{32}\\.(png|gif|jpg)$';
export const FloorImageParamsSchema = Type.Object({ name: Type.String({ pattern: FLOOR_IMAGE_NAME_PATTERN, maxLength: 40 }) }, strict);
export type FloorImageParams = Static<typeof FloorImageParamsSchema>;
