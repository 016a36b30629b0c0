import { Type, type Static } from '@sinclair/typebox';
import { COLOUR_PATTERN } from './colour';

/** Spec 02 §3: the editor's object types, with the labels of its shape select. */
export const SHAPE_TYPES = { text: 'Text', rect: 'Rectangle', line: 'Line', circle: 'Circle' } as const;
export type ShapeType = keyof typeof SHAPE_TYPES;

const Coordinate = Type.Number({ minimum: -100_000, maximum: 100_000 });
const Length = Type.Number({ minimum: 0, maximum: 100_000 });
const Colour = Type.String({ pattern: COLOUR_PATTERN, maxLength: 64 });
const Name = Type.String({ maxLength: 100 });
const strict = { additionalProperties: false } as const;

export const TextShapeSchema = Type.Object(
  {
    type: Type.Literal('text'),
    name: Name,
    x: Coordinate,
    y: Coordinate,
    text: Type.String({ maxLength: 500 }),
    font_color: Colour,
    font_size: Type.Number({ minimum: 1, maximum: 1000 }),
    font_weight: Type.Integer({ minimum: 100, maximum: 900, multipleOf: 100 }),
    font_family: Type.String({ pattern: '^[a-zA-Z0-9 ,-]*$', maxLength: 100 }),
  },
  strict,
);

export const RectShapeSchema = Type.Object(
  {
    type: Type.Literal('rect'),
    name: Name,
    x: Coordinate,
    y: Coordinate,
    w: Length,
    h: Length,
    fill_color: Colour,
    border_color: Colour,
    border_width: Length,
    isbackground: Type.Boolean(),
  },
  strict,
);

export const LineShapeSchema = Type.Object(
  {
    type: Type.Literal('line'),
    name: Name,
    x: Coordinate,
    y: Coordinate,
    x1: Coordinate,
    y1: Coordinate,
    border_color: Colour,
    line_width: Length,
  },
  strict,
);

export const CircleShapeSchema = Type.Object(
  {
    type: Type.Literal('circle'),
    name: Name,
    x: Coordinate,
    y: Coordinate,
    radius: Length,
    fill_color: Colour,
    border_color: Colour,
    border_width: Length,
    isbackground: Type.Boolean(),
  },
  strict,
);

export const FloorShapeSchema = Type.Union([TextShapeSchema, RectShapeSchema, LineShapeSchema, CircleShapeSchema]);

export type TextShape = Static<typeof TextShapeSchema>;
export type RectShape = Static<typeof RectShapeSchema>;
export type LineShape = Static<typeof LineShapeSchema>;
export type CircleShape = Static<typeof CircleShapeSchema>;
export type FloorShape = Static<typeof FloorShapeSchema>;
export type ShapeOf<T extends ShapeType> = Extract<FloorShape, { type: T }>;

/** Spec 02 §3 defaults for every property of the options panel. */
export const SHAPE_DEFAULTS = {
  text: 'Text here',
  font_color: '#000000',
  font_size: 35,
  font_weight: 400,
  font_family: '',
  fill_color: '#000000',
  border_color: '#000000',
  border_width: 5,
  radius: 50,
  line_width: 5,
  x: 0,
  y: 0,
  w: 100,
  h: 100,
  x1: 0,
  y1: 0,
  isbackground: true,
} as const;

const D = SHAPE_DEFAULTS;

/** A new shape of a type with the spec's defaults; `overrides` win. The name defaults to the type. */
export function createShape<T extends ShapeType>(type: T, overrides: Partial<Omit<ShapeOf<T>, 'type'>> = {}): ShapeOf<T> {
  const base = { name: type as string, x: D.x, y: D.y };
  const byType: Record<ShapeType, FloorShape> = {
    text: { type: 'text', ...base, text: D.text, font_color: D.font_color, font_size: D.font_size, font_weight: D.font_weight, font_family: D.font_family },
    rect: {
      type: 'rect',
      ...base,
      w: D.w,
      h: D.h,
      fill_color: D.fill_color,
      border_color: D.border_color,
      border_width: D.border_width,
      isbackground: D.isbackground,
    },
    line: { type: 'line', ...base, x1: D.x1, y1: D.y1, border_color: D.border_color, line_width: D.line_width },
    circle: {
      type: 'circle',
      ...base,
      radius: D.radius,
      fill_color: D.fill_color,
      border_color: D.border_color,
      border_width: D.border_width,
      isbackground: D.isbackground,
    },
  };
  return { ...byType[type], ...overrides, type } as ShapeOf<T>;
}

/** A shape moved by (dx, dy): arrow keys move the selection by 2 px (spec 02 §9). A line moves both ends. */
export function moveShape<S extends FloorShape>(shape: S, dx: number, dy: number): S {
  if (shape.type === 'line') return { ...shape, x: shape.x + dx, y: shape.y + dy, x1: shape.x1 + dx, y1: shape.y1 + dy };
  return { ...shape, x: shape.x + dx, y: shape.y + dy };
}

export const ARROW_KEY_STEP = 2;
