import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { FloorShapeSchema, SHAPE_TYPES, createShape, moveShape, type FloorShape } from './shapes';
import { escapeXml, shapeToSvg, shapesToSvg, svgToShapes } from './shapeSvg';
import { shapeToKonva } from './shapeKonva';
import { DEFAULT_FONT_WEIGHT, fontWeightName, fontWeightValue } from './fontWeight';
import { normaliseRotation, rotate } from './rotation';

describe('the shape model', () => {
  it('creates each type with the defaults of spec 02 §3, valid against its schema', () => {
    expect(createShape('text')).toEqual({
      type: 'text',
      name: 'text',
      x: 0,
      y: 0,
      text: 'Text here',
      font_color: '#000000',
      font_size: 35,
      font_weight: 400,
      font_family: '',
    });
    expect(createShape('rect')).toEqual({
      type: 'rect',
      name: 'rect',
      x: 0,
      y: 0,
      w: 100,
      h: 100,
      fill_color: '#000000',
      border_color: '#000000',
      border_width: 5,
      isbackground: true,
    });
    expect(createShape('line')).toEqual({ type: 'line', name: 'line', x: 0, y: 0, x1: 0, y1: 0, border_color: '#000000', line_width: 5 });
    expect(createShape('circle')).toEqual({
      type: 'circle',
      name: 'circle',
      x: 0,
      y: 0,
      radius: 50,
      fill_color: '#000000',
      border_color: '#000000',
      border_width: 5,
      isbackground: true,
    });
    for (const type of Object.keys(SHAPE_TYPES) as Array<keyof typeof SHAPE_TYPES>) expect(Value.Check(FloorShapeSchema, createShape(type))).toBe(true);
  });

  it('refuses unknown properties and colours that could carry markup', () => {
    expect(Value.Check(FloorShapeSchema, { ...createShape('rect'), onclick: 'x' })).toBe(false);
    expect(Value.Check(FloorShapeSchema, createShape('rect', { fill_color: 'url(javascript:alert(1))' }))).toBe(false);
    expect(Value.Check(FloorShapeSchema, createShape('text', { font_family: 'a"><script>' }))).toBe(false);
  });

  it('moves a shape, a line by both ends', () => {
    expect(moveShape(createShape('rect', { x: 5, y: 5 }), 2, -2)).toMatchObject({ x: 7, y: 3 });
    expect(moveShape(createShape('line', { x: 0, y: 0, x1: 10, y1: 10 }), 2, 0)).toMatchObject({ x: 2, y: 0, x1: 12, y1: 10 });
  });
});

describe('shape ↔ SVG', () => {
  it('writes each shape as one SVG element, escaped', () => {
    expect(shapeToSvg(createShape('rect', { name: 'Desk', x: 10, y: 20 }))).toBe(
      '<rect data-name="Desk" x="10" y="20" width="100" height="100" fill="#000000" stroke="#000000" stroke-width="5"/>',
    );
    expect(shapeToSvg(createShape('circle', { isbackground: false, fill_color: '#ff0000' }))).toBe(
      '<circle data-name="circle" cx="0" cy="0" r="50" fill="none" data-fill-color="#ff0000" stroke="#000000" stroke-width="5"/>',
    );
    expect(shapeToSvg(createShape('line', { x1: 40, y1: 30 }))).toBe(
      '<line data-name="line" x1="0" y1="0" x2="40" y2="30" stroke="#000000" stroke-width="5"/>',
    );
    expect(shapeToSvg(createShape('text', { text: '<b>"Aisle" & Co</b>', name: "O'Neil" }))).toBe(
      '<text data-name="O&#39;Neil" x="0" y="0" fill="#000000" font-size="35" font-weight="400" dominant-baseline="hanging">&lt;b&gt;&quot;Aisle&quot; &amp; Co&lt;/b&gt;</text>',
    );
    expect(escapeXml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('writes the drawn group, or nothing when nothing is drawn', () => {
    expect(shapesToSvg([])).toBe('');
    expect(shapesToSvg([createShape('rect'), createShape('line')])).toMatch(/^<g><rect [^>]+\/><line [^>]+\/><\/g>$/);
  });

  it('reads back exactly the shapes it wrote', () => {
    const shapes: FloorShape[] = [
      createShape('text', {
        name: 'Entrance',
        x: 12.5,
        y: 40,
        text: 'Entrance <north> & "main"',
        font_color: '#123456',
        font_size: 20,
        font_weight: 700,
        font_family: 'Arial, sans-serif',
      }),
      createShape('rect', { name: 'Stage', x: 100, y: 100, w: 300, h: 40, fill_color: 'rgb(10, 20, 30)', border_width: 0 }),
      createShape('rect', { isbackground: false, fill_color: '#abcdef' }),
      createShape('line', { x: 5, y: 6, x1: 700, y1: 6, border_color: 'red', line_width: 3 }),
      createShape('circle', { x: 50, y: 60, radius: 25, isbackground: false }),
    ];
    expect(svgToShapes(shapesToSvg(shapes))).toEqual(shapes);
  });

  it('maps the same model to Konva nodes', () => {
    expect(shapeToKonva(createShape('line', { x: 10, y: 10, x1: 30, y1: 50 }))).toEqual({
      className: 'Line',
      attrs: { name: 'line', x: 10, y: 10, points: [0, 0, 20, 40], stroke: '#000000', strokeWidth: 5 },
    });
    expect(shapeToKonva(createShape('rect', { isbackground: false })).attrs.fill).toBeUndefined();
    expect(shapeToKonva(createShape('text')).attrs).toMatchObject({ text: 'Text here', fontSize: 35, fontStyle: '400' });
  });
});

describe('font weights and rotation', () => {
  it('names weights 100–900, default 700', () => {
    expect(DEFAULT_FONT_WEIGHT).toBe(700);
    expect(fontWeightName(100)).toBe('thin');
    expect(fontWeightName(600)).toBe('semibold');
    expect(fontWeightName(900)).toBe('black');
    expect(fontWeightName(450)).toBe('bold');
    expect(fontWeightValue('extralight')).toBe(200);
    expect(fontWeightValue('800')).toBe(800);
    expect(fontWeightValue('heavy')).toBe(700);
  });

  it('rotates in 90° steps, normalised to one turn', () => {
    expect(rotate(0, 'right')).toBe(90);
    expect(rotate(0, 'left')).toBe(270);
    expect(rotate(270, 'right')).toBe(0);
    expect(normaliseRotation(-450)).toBe(270);
    expect(() => normaliseRotation(45)).toThrow(RangeError);
  });
});
