import { createI18n } from 'vue-i18n';
import coreEn from './core.en';
import coreRu from './core.ru';
import analyticsEn from './analytics.en';
import analyticsRu from './analytics.ru';
import reportsEn from './reports.en';
import reportsRu from './reports.ru';
import a11yEn from './a11y.en';
import a11yRu from './a11y.ru';
import type { UiLanguage } from '../../../src-shared/enums';

/**
 * Every user-facing string lives in these files: the core screens here, the analytics and report
 * screens in their own files (owned by their engineers), merged into one message tree per
 * language. Their top-level keys must not collide (core: app, common, nav, …).
 */
export const messages = {
  en: { ...coreEn, ...analyticsEn, ...reportsEn, ...a11yEn },
  ru: { ...coreRu, ...analyticsRu, ...reportsRu, ...a11yRu },
};

const LANGUAGE_KEY = 'answerscope.language';

export function storedLanguage(): UiLanguage {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    if (value === 'ru' || value === 'en') return value;
  } catch {
    // fall through to the browser language
  }
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export const i18n = createI18n({
  legacy: false,
  locale: storedLanguage(),
  fallbackLocale: 'en',
  messages,
  missingWarn: false,
  fallbackWarn: false,
});

/** Switches the UI language and remembers it on this device. */
export function setLanguage(language: UiLanguage): void {
  i18n.global.locale.value = language;
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // not remembered; still applied
  }
}

/** The BCP 47 locale for Intl formatting of the current language. */
export function currentLocale(): string {
  return i18n.global.locale.value === 'ru' ? 'ru-RU' : 'en-GB';
}
