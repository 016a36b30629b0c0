import type { CrudHooks } from './types';

const IDENTIFIER_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

/** Units: the identifier is what code and barcodes refer to, so it keeps a plain form. */
export default {
  async validate(values): Promise<Record<string, string[]>> {
    const general = values.general as Record<string, unknown> | undefined;
    const identifier = general?.identifier;
    if (typeof identifier === 'string' && identifier !== '' && !IDENTIFIER_PATTERN.test(identifier)) {
      return { 'general.identifier': ['Use lowercase letters, digits, dashes and underscores only.'] };
    }
    return {};
  },
} satisfies CrudHooks;
