import { PHONE_MASK } from '../../schemas/fieldTypes';

// One mask for the input and for the phone type's check (schemas/fieldTypes/formats.ts).
export { PHONE_MASK };

const MASK_PREFIX = '+1';

/**
 * Fits typed text into a mask: the digits fill the '#' slots in order and the literal characters
 * between them are added; output stops after the last digit, so erasing a literal never sticks.
 * Text that already starts with the mask's '+1' keeps it as the prefix. No digits → ''.
 */
export function applyPhoneMask(input: string, mask: string = PHONE_MASK): string {
  const rest = mask.startsWith(MASK_PREFIX) && input.trimStart().startsWith(MASK_PREFIX) ? input.trimStart().slice(MASK_PREFIX.length) : input;
  const digits = rest.replace(/\D/g, '');
  if (digits.length === 0) return '';
  let output = '';
  let used = 0;
  for (const char of mask) {
    if (used === digits.length) break;
    if (char === '#') {
      output += digits[used];
      used += 1;
    } else {
      output += char;
    }
  }
  return output;
}
