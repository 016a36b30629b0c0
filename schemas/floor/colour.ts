/**
 * Colours a space or layer may carry: hex, rgb()/rgba(), or a CSS colour keyword. Nothing else, so
 * no url() or markup can ride into the SVG and canvas they are drawn with.
 */
export const COLOUR_PATTERN = '^(#[0-9a-fA-F]{3,8}|rgba?\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*(,\\s*(0|1|0?\\.\\d+)\\s*)?\\)|[a-zA-Z]{3,24})$';

const COLOUR = new RegExp(COLOUR_PATTERN);

export function isColour(value: unknown): value is string {
  return typeof value === 'string' && COLOUR.test(value);
}

export const WHITE = '#ffffff';
export const BLACK = '#000000';
