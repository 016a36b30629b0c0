import { CoordsError, EMPTY_AREA_MESSAGE, formatCoords, rectFromCorners, type SpaceRect } from '../../schemas/floor';

/** A rectangle being drawn on the map, in background (unscaled) coordinates. */
export interface DrawDrag {
  startX: number;
  startY: number;
  endX: number;
  endY: number;
}

/** Mouse position on the stage → background coordinates, rounded to whole pixels. */
export function toBackground(point: { x: number; y: number }, scale: number): { x: number; y: number } {
  return { x: Math.round(point.x / scale), y: Math.round(point.y / scale) };
}

/** The drawn rectangle for the preview, or null while it has no area. */
export function dragRect(drag: DrawDrag | null): SpaceRect | null {
  if (!drag) return null;
  try {
    return rectFromCorners(drag.startX, drag.startY, drag.endX, drag.endY);
  } catch {
    return null;
  }
}

/** The coords to post for a drawn rectangle; throws CoordsError ('Please draw the space area') when empty. */
export function dragCoords(drag: DrawDrag | null): string {
  if (!drag) throw new CoordsError(EMPTY_AREA_MESSAGE);
  return formatCoords(rectFromCorners(drag.startX, drag.startY, drag.endX, drag.endY));
}
