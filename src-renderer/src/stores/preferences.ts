import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Theme, UiLanguage } from '../../../src-shared/enums';
import { setLanguage, storedLanguage } from '../i18n';
import { applyTheme, storedTheme } from '../theme';
import { api } from '../api/client';

/**
 * Language and theme: applied at once and remembered on this device, then saved to the app
 * settings (when the server offers them) so a reinstall keeps them.
 */
export const usePreferencesStore = defineStore('preferences', () => {
  const language = ref<UiLanguage>(storedLanguage());
  const theme = ref<Theme>(storedTheme());
  const dark = ref(applyTheme(theme.value));

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

  return { language, theme, dark, setUiLanguage, setTheme };
});
