import { SafeHtml, html } from './html';

/** Thermal roll (default) or a sheet of A4. */
export type Paper = '80mm' | 'a4';

const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;color:#000;background:#fff}
h1{font-size:1.25em;margin:0 0 .2em;text-align:center}
h2{font-size:1em;margin:.2em 0 .6em;text-align:center;font-weight:normal;text-transform:uppercase;letter-spacing:.08em}
table{width:100%;border-collapse:collapse}
th,td{padding:.15em .2em;vertical-align:top;text-align:left}
.num{text-align:right;white-space:nowrap}
.meta{width:auto}
.meta td:first-child{white-space:nowrap;padding-right:1.2em}
.lines{margin:.6em 0}
.lines thead th{border-bottom:1px solid #000}
.lines tbody tr.item td{padding-top:.35em}
.sub{font-size:.85em;color:#333}
.totals{margin-top:.4em;border-top:1px dashed #000}
.totals tr.grand td{font-weight:bold;border-top:1px solid #000;font-size:1.1em}
.badge{display:inline-block;border:1px solid #000;padding:0 .3em;font-size:.8em}
.note{margin-top:.6em;font-size:.9em;white-space:pre-wrap}
footer{margin-top:1em;text-align:center;font-size:.85em}
`;

const PAPER_CSS: Record<Paper, string> = {
  '80mm': `
@page{size:80mm auto;margin:2mm}
body{width:76mm;margin:0 auto;padding:2mm;font:11px/1.35 "DejaVu Sans Mono","Courier New",monospace}
@media screen{body{margin:1em auto;box-shadow:0 0 0 1px #ddd}}
@media print{body{width:auto;padding:0;box-shadow:none}}
`,
  a4: `
@page{size:A4;margin:15mm}
body{max-width:180mm;margin:0 auto;padding:10mm 0;font:11pt/1.45 system-ui,"Segoe UI",Arial,sans-serif}
h1{font-size:1.6em}
.lines thead th{background:#f2f2f2}
@media print{body{padding:0;max-width:none}.lines thead th{background:none}}
`,
};

/** Our own constant stylesheets, not data: passed through unescaped. */
const STYLES: Record<Paper, SafeHtml> = {
  '80mm': new SafeHtml(BASE_CSS + PAPER_CSS['80mm']),
  a4: new SafeHtml(BASE_CSS + PAPER_CSS.a4),
};

/**
 * A whole receipt page: no script (the browser prints it through a hidden frame), styles inline so the
 * strict content security policy of the route allows nothing else to load.
 */
export function receiptPage(title: string, paper: Paper, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${STYLES[paper]}</style>
</head>
<body class="paper-${paper}">
<main class="receipt">${body}</main>
</body>
</html>
`.value;
}
