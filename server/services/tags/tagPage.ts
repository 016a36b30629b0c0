import { formatMoney, type CurrencySettings } from '../../../schemas/format';
import { pagesFor, tagSlots, type TagLayout, type TagLayoutName } from '../../../schemas/tags/layout';
import { SafeHtml, html } from '../receipts/html';
import { code128Svg } from './code128';
import type { TagContent } from './tagItems';

const inches = (value: number) => `${Number(value.toFixed(6))}in`;

/**
 * Every length comes from the layout, in inches, and @page has no margin: the browser then prints the
 * labels where the layout puts them on the paper (print at 100 %, "Actual size").
 */
function stylesFor(layout: TagLayout): SafeHtml {
  const { page, label, padding, barcode } = layout;
  return new SafeHtml(`
@page{size:${inches(page.width)} ${inches(page.height)};margin:0}
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:#fff;color:#000}
body{font-family:"DejaVu Sans","Liberation Sans",Arial,sans-serif}
.sheet{position:relative;width:${inches(page.width)};height:${inches(page.height)};overflow:hidden;break-after:page}
.sheet:last-child{break-after:auto}
.tag{position:absolute;width:${inches(label.width)};height:${inches(label.height)};padding:${inches(padding)};overflow:hidden;display:flex;flex-direction:column;align-items:center}
.line{width:100%;display:flex;justify-content:space-between;align-items:baseline;gap:.06in;line-height:1.15}
.name{font-size:8pt;font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.vendor{font-size:7pt;white-space:nowrap}
.price{font-size:10pt;font-weight:700;white-space:nowrap}
.bars{display:block;margin-top:.03in;height:${inches(barcode.height)};flex:none}
.code{font-size:6.5pt;line-height:1.1;letter-spacing:.02em;white-space:nowrap}
@media screen{body{background:#e5e7eb}.sheet{background:#fff;margin:0 0 .25in}}
`);
}

export interface TagPageInput {
  layoutName: TagLayoutName;
  layout: TagLayout;
  /** First label to use on the first page, 1-based. */
  start: number;
  /** Each item with the number of its tags, in print order. */
  items: ReadonlyArray<{ item: TagContent & { code: string }; quantity: number }>;
  currency: CurrencySettings;
}

/** The printable page of tags: one block per sheet (or thermal label), each tag placed absolutely. */
export function renderTagPage({ layoutName, layout, start, items, currency }: TagPageInput): string {
  const tags = items.flatMap(({ item, quantity }) => Array.from({ length: quantity }, () => item));
  const slots = tagSlots(layout, tags.length, start);
  const pages = Array.from({ length: pagesFor(layout, tags.length, start) }, () => [] as SafeHtml[]);
  tags.forEach((item, index) => {
    const slot = slots[index]!;
    pages[slot.page]!
      .push(html`<div class="tag" data-item="${item.id}" data-row="${slot.row + 1}" data-column="${slot.column + 1}" style="left:${inches(slot.x)};top:${inches(slot.y)}">
<div class="line"><span class="name">${item.name}</span></div>
<div class="line"><span class="vendor">${item.vendor_no !== null ? `Vendor #${item.vendor_no}` : ''}</span><span class="price">${item.price !== null ? formatMoney(item.price, currency) : ''}</span></div>
${code128Svg(item.code, layout.barcode)}
<div class="code">${item.code}</div>
</div>`);
  });
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Tags</title>
<style>${stylesFor(layout)}</style>
</head>
<body data-layout="${layoutName}">
${pages.map((page, index) => html`<section class="sheet" data-page="${index + 1}">${page}</section>`)}
</body>
</html>`.value;
}
