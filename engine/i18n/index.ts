export { createI18n, i18n, registerTranslations, FALLBACK_LANGUAGE } from './i18n';
export { en, EN_TEXTS } from './en';
