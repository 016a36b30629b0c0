/** Spec 02 §2: the gallery grid shows 2, 3 or 4 columns depending on its width (px). */
export function galleryColumns(width: number): 2 | 3 | 4 {
  if (width < 480) return 2;
  if (width < 768) return 3;
  return 4;
}
