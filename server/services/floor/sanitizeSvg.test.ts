import { describe, expect, it } from 'vitest';
import { sanitizeFloorSvg } from './sanitizeSvg';
import { createShape } from '../../../schemas/floor/shapes';
import { shapesToSvg, svgToShapes } from '../../../schemas/floor/shapeSvg';

describe('sanitizeFloorSvg', () => {
  it('keeps what the editor draws unchanged', () => {
    const shapes = [
      createShape('text', { text: 'Entrance & "exit" <north>', font_family: 'Arial', name: 'a<b>' }),
      createShape('rect', { isbackground: false, fill_color: 'rgb(1, 2, 3)' }),
      createShape('line', { x1: 10, y1: -4.5 }),
      createShape('circle', { fill_color: 'red' }),
    ];
    const clean = sanitizeFloorSvg(shapesToSvg(shapes));
    expect(svgToShapes(clean)).toEqual(shapes);
    expect(clean).toMatch(
      /^<g><text data-name="a&lt;b&gt;" [^>]*>Entrance &amp; "exit" &lt;north&gt;<\/text><rect [^>]+\/><line [^>]+\/><circle [^>]+\/><\/g>$/,
    );
  });

  it('removes scripts, event handlers, foreign objects, links and styles', () => {
    const dirty =
      '<g onload="alert(1)"><script>alert(2)</script><rect x="1" y="2" width="3" height="4" onclick="steal()" fill="url(javascript:alert(3))" style="background:url(x)"/>' +
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src=x onerror=alert(4)></div></foreignObject>' +
      '<a href="javascript:alert(5)"><text x="0" y="0">click</text></a><image href="data:image/svg+xml,..."/><use href="#x"/>' +
      '<text x="1" y="1" transform="translate(10,20) rotate(90)" font-family="x;background:url(y)">ok</text></g>';
    const clean = sanitizeFloorSvg(dirty);
    expect(clean).not.toMatch(/script|onload|onclick|onerror|javascript|foreignObject|href|style|url\(|<image|<use|<a\b|<div|<img/i);
    expect(clean).toContain('<rect x="1" y="2" width="3" height="4" />');
    expect(clean).toContain('<text x="0" y="0">click</text>');
    expect(clean).toContain('<text x="1" y="1" transform="translate(10,20) rotate(90)">ok</text>');
  });

  it('answers nothing for nothing drawn', () => {
    expect(sanitizeFloorSvg('')).toBe('');
    expect(sanitizeFloorSvg('<script>alert(1)</script>')).toBe('');
  });
});
