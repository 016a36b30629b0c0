import type { MeasureText } from '../../schemas/floor';

/** Konva's default font family, which the space labels use. */
const LABEL_FONT_FAMILY = 'Arial';

let context: CanvasRenderingContext2D | null | undefined;

/** Measures label text the way the canvas will draw it; a rough width where there is no canvas (tests without one). */
export function labelMeasure(fontWeight: number): MeasureText {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  const canvas = context;
  if (!canvas) return (text, fontSize) => text.length * fontSize * 0.6;
  return (text, fontSize) => {
    canvas.font = `${fontWeight} normal ${fontSize}px ${LABEL_FONT_FAMILY}`;
    return canvas.measureText(text).width;
  };
}
