import sanitizeHtml from 'sanitize-html';
import { COLOUR_PATTERN } from '../../../schemas/floor/colour';

/** Shapes the editor draws (schemas/floor/shapeSvg.ts) and the containers around them; nothing else survives. */
const SHAPE_TAGS = ['g', 'rect', 'line', 'circle', 'ellipse', 'text', 'tspan', 'polyline', 'polygon', 'path'];
const GEOMETRY = ['x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'points', 'd', 'transform', 'dx', 'dy'];
const PAINT = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-linecap', 'stroke-linejoin', 'opacity', 'fill-opacity', 'stroke-opacity'];
const FONT = ['font-size', 'font-weight', 'font-family', 'font-style', 'text-anchor', 'dominant-baseline'];
const DATA = ['data-name', 'data-fill-color'];
const ATTRIBUTES = [...GEOMETRY, ...PAINT, ...FONT, ...DATA];

const NUMBER_LIST = /^[-+0-9.eE,\s]*$/;
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9.eE,\s+-]*$/;
const TRANSFORM = /^((translate|rotate|scale|matrix|skewX|skewY)\(\s*[-+0-9.eE,\s]*\)\s*)*$/;
const COLOUR = new RegExp(`^(none|transparent|currentColor|${COLOUR_PATTERN.slice(1, -1)})$`);
const KEYWORD = /^[a-zA-Z0-9 ,-]*$/;

/** Whether an attribute value is harmless: numbers, colours, font keywords; never url(), script or markup. */
function safeValue(name: string, value: string): boolean {
  if (value.length > 10_000) return false;
  if (name === 'fill' || name === 'stroke' || name === 'data-fill-color') return COLOUR.test(value);
  if (name === 'd') return PATH_DATA.test(value);
  if (name === 'transform') return TRANSFORM.test(value);
  if (name === 'points' || GEOMETRY.includes(name) || name.startsWith('stroke-') || name.endsWith('opacity') || name === 'font-size')
    return NUMBER_LIST.test(value);
  if (name === 'data-name') return true; // escaped on output; shown as a name only
  return KEYWORD.test(value);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SHAPE_TAGS,
  allowedAttributes: Object.fromEntries(SHAPE_TAGS.map((tag) => [tag, ATTRIBUTES])),
  allowedSchemes: [],
  selfClosing: ['rect', 'line', 'circle', 'ellipse', 'polyline', 'polygon', 'path'],
  disallowedTagsMode: 'discard',
  // script, style, foreignObject and the rest go with everything inside them.
  nonTextTags: [
    'script',
    'style',
    'foreignobject',
    'foreignObject',
    'iframe',
    'object',
    'embed',
    'template',
    'textarea',
    'noscript',
    'title',
    'desc',
    'metadata',
  ],
  parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, xmlMode: true },
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => safeValue(name, value))),
    }),
  },
};

/**
 * The `svg` part of a saved layout as stored: only shape elements with geometry, paint and font
 * attributes survive; scripts, event handlers, links, styles and foreign objects are removed.
 */
export function sanitizeFloorSvg(markup: string): string {
  return sanitizeHtml(markup, OPTIONS).trim();
}
