/** Spec 02 §9: the map keeps this margin and never shrinks below this width. */
export const MAP_MARGIN = 32;
export const MAP_MIN_WIDTH = 900;

/**
 * The floor map's scale: (available width − 32, at least 900) / background width, rounded down to
 * two decimals. The epsilon keeps 1.15 from flooring to 1.14 through binary fractions.
 */
export function mapScale(availableWidth: number, backgroundWidth: number): number {
  if (!Number.isFinite(backgroundWidth) || backgroundWidth <= 0)
    throw new RangeError(`mapScale: the background width must be positive, got ${backgroundWidth}.`);
  const width = Math.max((Number.isFinite(availableWidth) ? availableWidth : 0) - MAP_MARGIN, MAP_MIN_WIDTH);
  return Math.floor((width / backgroundWidth) * 100 + 1e-9) / 100;
}
