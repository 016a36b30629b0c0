/** A space's rectangle, normalised: (x, y) is the top-left corner whatever direction it was drawn in. */
export interface SpaceRect {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where the label is centred. */
  centerX: number;
  centerY: number;
}

/** Spec 02 §5: the message for a rectangle without area. */
export const EMPTY_AREA_MESSAGE = 'Please draw the space area';
export const MALFORMED_COORDS_MESSAGE = 'The coordinates must be four numbers: x1,y1,x2,y2.';

/** Raised by parseCoords; `message` is fit to show (the spec's where it has one). */
export class CoordsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CoordsError';
  }
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Reads 'x1,y1,x2,y2' (spec 02 §3 floor_coords): exactly four finite numbers, non-zero width and height.
 * Throws CoordsError otherwise.
 */
export function parseCoords(text: string): SpaceRect {
  const parts = String(text)
    .split(',')
    .map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => !NUMBER.test(part))) throw new CoordsError(MALFORMED_COORDS_MESSAGE);
  const [x1, y1, x2, y2] = parts.map(Number) as [number, number, number, number];
  if (![x1, y1, x2, y2].every(Number.isFinite)) throw new CoordsError(MALFORMED_COORDS_MESSAGE);
  return rectFromCorners(x1, y1, x2, y2);
}

/** The rectangle between two corners, in any drag direction; throws CoordsError when it has no area. */
export function rectFromCorners(x1: number, y1: number, x2: number, y2: number): SpaceRect {
  const width = Math.abs(x2 - x1);
  const height = Math.abs(y2 - y1);
  if (width === 0 || height === 0) throw new CoordsError(EMPTY_AREA_MESSAGE);
  const x = Math.min(x1, x2);
  const y = Math.min(y1, y2);
  return { x, y, width, height, centerX: x + width / 2, centerY: y + height / 2 };
}

/** Whether the text is valid coordinates. */
export function isValidCoords(text: string): boolean {
  try {
    parseCoords(text);
    return true;
  } catch {
    return false;
  }
}

/** The stored form of a rectangle: top-left then bottom-right corner. */
export function formatCoords(rect: Pick<SpaceRect, 'x' | 'y' | 'width' | 'height'>): string {
  return [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height].join(',');
}

/** The floor a space is drawn on: its layer's background size. */
export interface FloorSize {
  width: number;
  height: number;
}

/** Said when a rectangle reaches outside its layer. */
export function outsideFloorMessage(floor: FloorSize): string {
  return `The space must lie inside the floor: from 0,0 to ${floor.width},${floor.height}.`;
}

/** Throws CoordsError unless the whole rectangle lies on the floor (edges included). */
export function assertInsideFloor(rect: Pick<SpaceRect, 'x' | 'y' | 'width' | 'height'>, floor: FloorSize): void {
  if (rect.x < 0 || rect.y < 0 || rect.x + rect.width > floor.width || rect.y + rect.height > floor.height) throw new CoordsError(outsideFloorMessage(floor));
}
