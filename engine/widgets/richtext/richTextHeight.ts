/** Spec 01 §2: the rich-text editor is at least 350 px tall. */
export const RICH_TEXT_MIN_HEIGHT = 350;
