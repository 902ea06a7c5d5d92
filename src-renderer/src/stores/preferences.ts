import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Theme, UiLanguage } from '../../../src-shared/enums';
import { setLanguage, storedLanguage } from '../i18n';
import { applyTheme, storedTheme } from '../theme';
import { api } from '../api/client';

const LANGUAGE_KEY = 'answerscope.language';
const THEME_KEY = 'answerscope.theme';

function rememberedChoices(): { language: boolean; theme: boolean } {
  try {
    return { language: !!localStorage.getItem(LANGUAGE_KEY), theme: !!localStorage.getItem(THEME_KEY) };
  } catch {
    return { language: false, theme: false };
  }
}

/**
 * Language and theme: applied at once and remembered on this device, then saved to the app
 * settings (when the server offers them) so a reinstall keeps them.
 */
export const usePreferencesStore = defineStore('preferences', () => {
  // Whether this device remembers an explicit choice (read before applying writes them).
  const remembered = rememberedChoices();
  const language = ref<UiLanguage>(storedLanguage());
  const theme = ref<Theme>(storedTheme());
  const dark = ref(applyTheme(theme.value, false));
  // <html lang> follows the language from the start: charts read it for their dates.
  document.documentElement.lang = language.value;

  function setUiLanguage(value: UiLanguage, persist = true) {
    language.value = value;
    setLanguage(value);
    if (persist)
      void api.request('PATCH /api/app/settings', { body: { language: value } }).catch(() => undefined);
  }

  function setTheme(value: Theme, persist = true) {
    theme.value = value;
    dark.value = applyTheme(value);
    if (persist)
      void api.request('PATCH /api/app/settings', { body: { theme: value } }).catch(() => undefined);
  }

  /**
   * The choice saved on the server, read once after sign-in, fills in what this device does not
   * remember (a reinstall, another browser). A choice made on this device was already saved to
   * the server when it was made, and the server cannot tell a saved value from its default, so a
   * remembered choice is kept.
   */
  async function loadSaved() {
    try {
      const saved = (await api.request('GET /api/app/settings')).data;
      if (!remembered.language && (saved.language === 'en' || saved.language === 'ru'))
        setUiLanguage(saved.language, false);
      if (!remembered.theme && saved.theme) setTheme(saved.theme, false);
    } catch {
      // a server without app settings (or a viewer): keep this device's choice
    }
  }

  return { language, theme, dark, setUiLanguage, setTheme, loadSaved };
});
