import type Konva from 'konva';
import { printInHiddenFrame } from '../../engine/printing';

/** Prints the map: its picture in a same-origin (blob) page printed from a hidden frame. */
export function printMap(stage: Konva.Stage | null): void {
  if (!stage) return;
  const picture = stage.toDataURL({ pixelRatio: 2 });
  const page = `<!doctype html><html><head><title>Floor Layout</title><style>body{margin:0}img{max-width:100%}</style></head><body><img src="${picture}" alt="Floor layout"></body></html>`;
  const url = URL.createObjectURL(new Blob([page], { type: 'text/html' }));
  printInHiddenFrame(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
