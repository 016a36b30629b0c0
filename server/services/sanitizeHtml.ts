import sanitizeHtml from 'sanitize-html';

/** Text alignment the editor sets on blocks; anything else in a style attribute is dropped. */
const TEXT_ALIGN = [/^(left|right|center|justify)$/];
/** Hex or rgb() colours only: no url(), expression() or var() can ride in. */
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i];
const DIMENSION = /^\d{1,4}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'b',
    'i',
    'u',
    's',
    'strong',
    'em',
    'sub',
    'sup',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    div: ['style'],
    span: ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': TEXT_ALIGN },
    span: { color: COLOUR, 'background-color': COLOUR },
  },
  // No data: (an SVG or HTML payload in disguise), no javascript:, vbscript: or file:.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with the tag, not kept as visible text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    // A link opening a new tab cannot reach back to this page through window.opener.
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      if (target === '_blank') return { tagName, attribs: { ...rest, target, rel: 'noopener noreferrer' } };
      return { tagName, attribs: target === '_self' ? { ...rest, target } : rest };
    },
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if ((name === 'width' || name === 'height') && !DIMENSION.test(value)) continue;
        kept[name] = value;
      }
      return { tagName, attribs: kept };
    },
  },
  // An image without a source is an empty box at best.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * The HTML a rich-text (ckeditor) field may store: formatting, lists, links, images and tables from a
 * fixed allow-list; scripts, styles, frames, event handlers and javascript:/data: URLs are removed.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
