import { createShape, type FloorShape } from './shapes';

/** Escapes text for an SVG attribute value or text node. */
export function escapeXml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function unescapeXml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, code: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[code]!);
}

function attributes(pairs: Record<string, string | number | undefined>): string {
  return Object.entries(pairs)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => ` ${key}="${escapeXml(value!)}"`)
    .join('');
}

/** A fill that can be turned off without losing its colour (isbackground off: spec 02 §3). */
function fillOf(shape: { isbackground: boolean; fill_color: string }) {
  return shape.isbackground ? { fill: shape.fill_color } : { fill: 'none', 'data-fill-color': shape.fill_color };
}

/** One shape as an SVG element; the text's top-left sits at (x, y), as Konva places it. */
export function shapeToSvg(shape: FloorShape): string {
  const name = { 'data-name': shape.name };
  switch (shape.type) {
    case 'text':
      return `<text${attributes({ ...name, x: shape.x, y: shape.y, fill: shape.font_color, 'font-size': shape.font_size, 'font-weight': shape.font_weight, 'font-family': shape.font_family, 'dominant-baseline': 'hanging' })}>${escapeXml(shape.text)}</text>`;
    case 'rect':
      return `<rect${attributes({ ...name, x: shape.x, y: shape.y, width: shape.w, height: shape.h, ...fillOf(shape), stroke: shape.border_color, 'stroke-width': shape.border_width })}/>`;
    case 'line':
      return `<line${attributes({ ...name, x1: shape.x, y1: shape.y, x2: shape.x1, y2: shape.y1, stroke: shape.border_color, 'stroke-width': shape.line_width })}/>`;
    case 'circle':
      return `<circle${attributes({ ...name, cx: shape.x, cy: shape.y, r: shape.radius, ...fillOf(shape), stroke: shape.border_color, 'stroke-width': shape.border_width })}/>`;
  }
}

/** The `svg` part of the editor's payload: the drawn group, or '' when nothing is drawn (spec 02 §3). */
export function shapesToSvg(shapes: readonly FloorShape[]): string {
  return shapes.length === 0 ? '' : `<g>${shapes.map(shapeToSvg).join('')}</g>`;
}

const ELEMENT = /<(text|rect|line|circle)\b([^>]*?)(\/>|>([\s\S]*?)<\/\1>)/g;
const ATTRIBUTE = /([a-zA-Z_:][\w:.-]*)="([^"]*)"/g;

function readAttributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, key, value] of text.matchAll(ATTRIBUTE)) found.set(key!, unescapeXml(value!));
  return found;
}

/** Reads back the shapes of markup written by shapesToSvg; attributes it does not write are ignored. */
export function svgToShapes(markup: string): FloorShape[] {
  const shapes: FloorShape[] = [];
  for (const [, tag, rawAttributes, , content] of markup.matchAll(ELEMENT)) {
    const a = readAttributes(rawAttributes ?? '');
    const num = (key: string) => (a.has(key) ? Number(a.get(key)) : undefined);
    const fill = a.get('fill');
    const background =
      fill === undefined
        ? {}
        : fill === 'none'
          ? { isbackground: false, ...(a.has('data-fill-color') ? { fill_color: a.get('data-fill-color')! } : {}) }
          : { isbackground: true, fill_color: fill };
    const common = { ...(a.has('data-name') ? { name: a.get('data-name')! } : {}) };
    const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
    if (tag === 'text') {
      shapes.push(
        createShape(
          'text',
          defined({
            ...common,
            x: num('x'),
            y: num('y'),
            text: unescapeXml(content ?? ''),
            font_color: fill,
            font_size: num('font-size'),
            font_weight: num('font-weight'),
            font_family: a.get('font-family'),
          }),
        ),
      );
    } else if (tag === 'rect') {
      shapes.push(
        createShape(
          'rect',
          defined({
            ...common,
            x: num('x'),
            y: num('y'),
            w: num('width'),
            h: num('height'),
            ...background,
            border_color: a.get('stroke'),
            border_width: num('stroke-width'),
          }),
        ),
      );
    } else if (tag === 'line') {
      shapes.push(
        createShape(
          'line',
          defined({ ...common, x: num('x1'), y: num('y1'), x1: num('x2'), y1: num('y2'), border_color: a.get('stroke'), line_width: num('stroke-width') }),
        ),
      );
    } else {
      shapes.push(
        createShape(
          'circle',
          defined({ ...common, x: num('cx'), y: num('cy'), radius: num('r'), ...background, border_color: a.get('stroke'), border_width: num('stroke-width') }),
        ),
      );
    }
  }
  return shapes;
}
