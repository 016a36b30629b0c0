/**
 * Tag layouts, in inches: the page, the label grid, where the first tag goes, and how large the
 * barcode's bars are. The server renders tags from these numbers and the tests check printed sheets
 * against them, so a size lives here once.
 */

export interface BarcodeBox {
  /** Height of the bars. */
  height: number;
  /** Width of the narrowest bar (the X dimension) when the code fits at that size. */
  moduleWidth: number;
  /** The bars and both quiet zones never take more than this width; a long code gets narrower bars. */
  maxWidth: number;
}

export interface TagLayout {
  page: { width: number; height: number };
  label: { width: number; height: number };
  columns: number;
  rows: number;
  /** From the page's top edge to the first row's top edge. */
  marginTop: number;
  /** From the page's left edge to the first column's left edge. */
  marginLeft: number;
  columnGap: number;
  rowGap: number;
  /** Space kept clear inside each label's edges. */
  padding: number;
  barcode: BarcodeBox;
}

export const TAG_LAYOUTS = {
  /** US Letter, 30 labels of 2.625 × 1 in in 3 columns and 10 rows (Avery 5160 and its equivalents). */
  sheet: {
    page: { width: 8.5, height: 11 },
    label: { width: 2.625, height: 1 },
    columns: 3,
    rows: 10,
    marginTop: 0.5,
    marginLeft: 0.1875,
    columnGap: 0.125,
    rowGap: 0,
    padding: 0.08,
    barcode: { height: 0.4, moduleWidth: 0.01, maxWidth: 2.465 },
  },
  /** One 2.25 × 1.25 in label per page, as thermal label printers take them. */
  thermal: {
    page: { width: 2.25, height: 1.25 },
    label: { width: 2.25, height: 1.25 },
    columns: 1,
    rows: 1,
    marginTop: 0,
    marginLeft: 0,
    columnGap: 0,
    rowGap: 0,
    padding: 0.08,
    barcode: { height: 0.55, moduleWidth: 0.01, maxWidth: 2.09 },
  },
} as const satisfies Record<string, TagLayout>;

export type TagLayoutName = keyof typeof TAG_LAYOUTS;
export const TAG_LAYOUT_NAMES = Object.keys(TAG_LAYOUTS) as TagLayoutName[];

/** Code 128 asks for a quiet zone of at least 10 modules on each side of the bars. */
export const QUIET_ZONE_MODULES = 10;
/** At most this many tags in one print: 20 sheets of 30, so a slip of the keyboard does not print a ream. */
export const MAX_TAGS_PER_PRINT = 600;
/** At most this many tags of one item in one print. */
export const MAX_TAGS_PER_ITEM = 300;

export function labelsPerPage(layout: TagLayout): number {
  return layout.columns * layout.rows;
}

export interface TagSlot {
  /** 0-based page of the print. */
  page: number;
  /** 0-based. */
  column: number;
  row: number;
  /** The label's top-left corner from the page's top-left corner. */
  x: number;
  y: number;
}

/**
 * Where each of `count` tags goes: the first at label `start` (1-based, row by row, so a sheet whose
 * first labels were used already can go through the printer again), the rest after it, onto new pages
 * from their first label. A start outside the page's labels is a RangeError.
 */
export function tagSlots(layout: TagLayout, count: number, start = 1): TagSlot[] {
  const perPage = labelsPerPage(layout);
  if (!Number.isInteger(start) || start < 1 || start > perPage) throw new RangeError(`The start position is a label from 1 to ${perPage}.`);
  const slots: TagSlot[] = [];
  for (let index = 0; index < count; index += 1) {
    const position = start - 1 + index;
    const page = Math.floor(position / perPage);
    const onPage = position % perPage;
    const row = Math.floor(onPage / layout.columns);
    const column = onPage % layout.columns;
    slots.push({
      page,
      column,
      row,
      x: layout.marginLeft + column * (layout.label.width + layout.columnGap),
      y: layout.marginTop + row * (layout.label.height + layout.rowGap),
    });
  }
  return slots;
}

/** How many pages `count` tags from `start` take. */
export function pagesFor(layout: TagLayout, count: number, start = 1): number {
  return count === 0 ? 0 : Math.floor((start - 1 + count - 1) / labelsPerPage(layout)) + 1;
}

/**
 * The width of the narrowest bar for a code of `modules` modules: the layout's module width, or less
 * when the bars and their quiet zones would not fit in the barcode's maximum width.
 */
export function moduleWidthFor(box: BarcodeBox, modules: number): number {
  const fitting = box.maxWidth / (modules + 2 * QUIET_ZONE_MODULES);
  return Math.min(box.moduleWidth, fitting);
}

/** Code 128 as printed here carries printable ASCII only (space to tilde). */
const CODE_128_TEXT = /^[\x20-\x7e]{1,64}$/;

/**
 * The value a product's tag encodes: what the till's scanner search finds the product by, its barcode,
 * or its SKU when it has no barcode Code 128 can carry; null when it has neither.
 */
export function tagCodeOf(product: { barcode: string | null; sku: string | null }): string | null {
  for (const code of [product.barcode, product.sku]) {
    if (code !== null && code !== '' && code.trim() === code && CODE_128_TEXT.test(code)) return code;
  }
  return null;
}
