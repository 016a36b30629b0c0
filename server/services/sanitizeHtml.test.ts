import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitizeHtml';

/** Whatever came in, none of these may come out. */
const DANGEROUS = [
  /<script/i,
  /<style/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<form/i,
  /<input/i,
  /<meta/i,
  /<link/i,
  /<base/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /expression\(/i,
];

describe('sanitizeRichText', () => {
  it.each<[string, string]>([
    ['<p>Hello <strong>world</strong></p>', '<p>Hello <strong>world</strong></p>'],
    ['<h2 style="text-align:center">Title</h2>', '<h2 style="text-align:center">Title</h2>'],
    ['<ul><li><em>a</em></li><li><u>b</u> <s>c</s></li></ul>', '<ul><li><em>a</em></li><li><u>b</u> <s>c</s></li></ul>'],
    ['<blockquote>q</blockquote><ol start="3"><li>x</li></ol>', '<blockquote>q</blockquote><ol start="3"><li>x</li></ol>'],
    ['<a href="https://example.com/a?b=1">link</a>', '<a href="https://example.com/a?b=1">link</a>'],
    ['<a href="https://example.com" target="_blank">new tab</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer">new tab</a>'],
    ['<a href="mailto:info@example.com">mail</a>', '<a href="mailto:info@example.com">mail</a>'],
    [
      '<img src="/api/nexopos/v4/medias/file/abc.png" alt="Booth" width="300" height="200">',
      '<img src="/api/nexopos/v4/medias/file/abc.png" alt="Booth" width="300" height="200" />',
    ],
    [
      '<table><thead><tr><th colspan="2">H</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
      '<table><thead><tr><th colspan="2">H</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    ],
    ['<span style="color:#ff0000">red</span>', '<span style="color:#ff0000">red</span>'],
  ])('keeps safe markup: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it.each<[string, string]>([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" onmouseover="alert(2)">x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', ''],
    ['<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['<a href="https://e.x" target="_top">x</a>', '<a href="https://e.x">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<svg onload=alert(1)><circle/></svg>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['<object data="evil.swf"></object><embed src="evil.swf">', ''],
    ['<form action="https://evil.example"><input name="password"></form>', ''],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['<base href="https://evil.example/">', ''],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<span style="color:expression(alert(1))">x</span>', '<span>x</span>'],
    ['<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>', '<div>overlay</div>'],
    ['<img src="/a.png" width="100%" height="1e9">', '<img src="/a.png" />'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['"><script>alert(1)</script>', '"&gt;'],
    ['<p>a</p><!-- <script>alert(1)</script> -->', '<p>a</p>'],
    ['<template><script>alert(1)</script></template>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['<details open ontoggle=alert(1)>', ''],
    ['<video><source onerror="alert(1)"></video>', ''],
    ['<body onload=alert(1)>hi', 'hi'],
  ])('removes %s', (input, expected) => {
    const output = sanitizeRichText(input);
    expect(output).toBe(expected);
    for (const pattern of DANGEROUS) expect(output).not.toMatch(pattern);
  });

  it('escapes text, so a stored value cannot open a tag later', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizeRichText('<p>a<img src=x onerror=alert(1)><a href="https://e.x" target="_blank">l</a></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});
