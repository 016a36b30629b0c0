import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/** Spec 01 §8: missing translations fall back to the English text. */
export const FALLBACK_LANGUAGE = 'en';

function browserLanguage(): string {
  if (typeof navigator === 'undefined' || !navigator.language) return FALLBACK_LANGUAGE;
  return navigator.language.split('-')[0] ?? FALLBACK_LANGUAGE;
}

/**
 * A configured i18next instance: keys are English sentences (so ':' and '.' are not separators),
 * interpolation uses {{name}}, React escapes output itself.
 */
export function createI18n(language: string = browserLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { [FALLBACK_LANGUAGE]: { translation: en } },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

/** THE i18n instance of the application; importing this module makes react-i18next use it. */
export const i18n = createI18n();

/** Adds (or extends) a language's texts; integrators call it with their translations. */
export function registerTranslations(language: string, texts: Record<string, string>, instance: I18n = i18n): void {
  instance.addResourceBundle(language, 'translation', texts, true, true);
}
