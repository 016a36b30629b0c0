import { describe, expect, it } from 'vitest';
import { createI18n, registerTranslations } from './i18n';

describe('i18n', () => {
  it('falls back to English for a text missing in the current language', () => {
    const i18n = createI18n('fr');
    registerTranslations('fr', { 'Use Selected': 'Utiliser la sélection' }, i18n);
    expect(i18n.t('Use Selected')).toBe('Utiliser la sélection');
    expect(i18n.t('Nothing has already been uploaded')).toBe('Nothing has already been uploaded');
  });

  it('keeps sentences with ":" and "." whole and interpolates {{name}}', () => {
    const i18n = createI18n('en');
    expect(i18n.t('Previewing : {{name}}', { name: 'Oak Chair' })).toBe('Previewing : Oak Chair');
    expect(i18n.t('The document has been generated.')).toBe('The document has been generated.');
    expect(i18n.t('Successfully Saved The File {{name}}', { name: 'lease.pdf' })).toBe('Successfully Saved The File lease.pdf');
  });

  it('reads a text no language knows as itself, in English', () => {
    expect(createI18n('de').t('Unknown: text. Here')).toBe('Unknown: text. Here');
  });
});
