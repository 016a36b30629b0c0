/** Measures a piece of text set at a font size, in the same units as the box (the canvas measures it). */
export type MeasureText = (text: string, fontSize: number) => number;

/** The smallest label size tried; below it a label is unreadable anyway. */
export const MIN_LABEL_FONT_SIZE = 6;

/** The lines a paragraph breaks into at this size, words kept whole (the canvas wraps the same way). */
export function wrapWords(paragraph: string, width: number, fontSize: number, measure: MeasureText): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ').filter((part) => part !== '')) {
    if (measure(word, fontSize) > width) return null;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && measure(candidate, fontSize) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  lines.push(line);
  return lines;
}

/**
 * The largest font size, from the space's own down to MIN_LABEL_FONT_SIZE, at which every line of
 * the label fits the box with whole words (line height = font size). A label that fits keeps its size.
 */
export function fitLabelFontSize(text: string, box: { width: number; height: number }, fontSize: number, measure: MeasureText): number {
  const paragraphs = text.split('\n');
  for (let size = Math.floor(fontSize); size > MIN_LABEL_FONT_SIZE; size -= 1) {
    let lineCount = 0;
    for (const paragraph of paragraphs) {
      const lines = wrapWords(paragraph, box.width, size, measure);
      if (lines === null) {
        lineCount = Infinity;
        break;
      }
      lineCount += lines.length;
    }
    if (lineCount * size <= box.height) return size;
  }
  return MIN_LABEL_FONT_SIZE;
}
