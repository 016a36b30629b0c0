import bwipjs from 'bwip-js/node';
import { QUIET_ZONE_MODULES, moduleWidthFor, type BarcodeBox } from '../../../schemas/tags/layout';
import { SafeHtml, escapeHtml } from '../receipts/html';

/**
 * Code 128 bar and space widths, in modules, from the first bar to the last (bwip-js encodes: start
 * code, the shortest code-set switching, check character, stop). Text is taken literally (no ^ escapes).
 */
export function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error(`bwip-js gave no bars for a Code 128 of ${JSON.stringify(text)}.`);
  return symbol.sbs;
}

/** Inches to the thousandth of a thousandth, so printed sizes stay exact in the markup. */
const inches = (value: number) => `${Number(value.toFixed(6))}in`;

/**
 * The barcode as inline SVG at its real size: bars of `moduleWidthFor(box)` per module, `box.height`
 * tall, with the quiet zones around them. Each bar is one rect in module units, so the printed width
 * of a bar is its module count times the module width.
 */
export function code128Svg(text: string, box: BarcodeBox): SafeHtml {
  const widths = code128Modules(text);
  const modules = widths.reduce((sum, width) => sum + width, 0);
  const total = modules + 2 * QUIET_ZONE_MODULES;
  const moduleWidth = moduleWidthFor(box, modules);
  let x = QUIET_ZONE_MODULES;
  let rects = '';
  widths.forEach((width, index) => {
    if (index % 2 === 0) rects += `<rect x="${x}" y="0" width="${width}" height="1"/>`;
    x += width;
  });
  return new SafeHtml(
    `<svg class="bars" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(text)}" data-code="${escapeHtml(text)}"` +
      ` data-modules="${modules}" data-module-width="${Number(moduleWidth.toFixed(6))}"` +
      ` width="${inches(total * moduleWidth)}" height="${inches(box.height)}" viewBox="0 0 ${total} 1" preserveAspectRatio="none"` +
      ` shape-rendering="crispEdges"><g fill="#000">${rects}</g></svg>`,
  );
}
