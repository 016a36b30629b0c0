import type { FloorShape } from './shapes';

/** A Konva node description (className + attrs), built without Konva so the mapping is tested here. */
export interface KonvaNodeConfig {
  className: 'Text' | 'Rect' | 'Line' | 'Circle';
  attrs: Record<string, unknown>;
}

/** How the client draws a shape with Konva; mirrors shapeToSvg. */
export function shapeToKonva(shape: FloorShape): KonvaNodeConfig {
  const base = { name: shape.name, x: shape.x, y: shape.y };
  switch (shape.type) {
    case 'text':
      return {
        className: 'Text',
        attrs: {
          ...base,
          text: shape.text,
          fill: shape.font_color,
          fontSize: shape.font_size,
          fontStyle: String(shape.font_weight),
          ...(shape.font_family ? { fontFamily: shape.font_family } : {}),
        },
      };
    case 'rect':
      return {
        className: 'Rect',
        attrs: {
          ...base,
          width: shape.w,
          height: shape.h,
          fill: shape.isbackground ? shape.fill_color : undefined,
          stroke: shape.border_color,
          strokeWidth: shape.border_width,
        },
      };
    case 'line':
      // Konva lines are points relative to the node's position.
      return {
        className: 'Line',
        attrs: { ...base, points: [0, 0, shape.x1 - shape.x, shape.y1 - shape.y], stroke: shape.border_color, strokeWidth: shape.line_width },
      };
    case 'circle':
      return {
        className: 'Circle',
        attrs: {
          ...base,
          radius: shape.radius,
          fill: shape.isbackground ? shape.fill_color : undefined,
          stroke: shape.border_color,
          strokeWidth: shape.border_width,
        },
      };
  }
}
