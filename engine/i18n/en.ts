/**
 * English texts, keyed by themselves: a key is the English sentence the spec gives, so a text
 * missing in another language (or here) still reads in English (spec 01 §8).
 */
export const EN_TEXTS = [
  // Documents (spec 01 §2, §5, §8)
  'Upload Document',
  'File Name',
  'Description (optional)',
  'Upload',
  'Close',
  'Delete',
  'Please select file',
  'Successfully Saved The File {{name}}',
  'Successfully Deleted The File',
  'The document has been generated.',
  'Click Here Or Drop Your File To Upload',
  // Media manager (spec 02 §2)
  'Gallery',
  'Uploaded At',
  'By',
  'Previous',
  'Next',
  'Use Selected',
  'Nothing has already been uploaded',
  'Media Manager',
  // Product preview (spec 01 §2)
  'Previewing : {{name}}',
  'Units & Quantities',
  'Unit',
  'Sale Price',
  'Quantity',
] as const;

export const en: Record<string, string> = Object.fromEntries(EN_TEXTS.map((text) => [text, text]));
