import { definePreset } from '@primeuix/themes';
import Aura from '@primeuix/themes/aura';
import type { Theme } from '../../src-shared/enums';

/**
 * The one theme of the app: PrimeVue's Aura with one accent (indigo, the own brand's colour in
 * every chart, see charts/palette.ts). Dark mode is the `.app-dark` class on <html>.
 *
 * Contrast (WCAG 2 AA, 4.5:1 for text, checked by test/e2e/accessibility.spec.ts) is fixed here,
 * not per component: Aura's light accent (indigo 500) gives white button text 4.46:1, its muted
 * text (slate 500) 4.3:1 on the grey of a highlighted row or a toggle. The light accent is indigo
 * 600 (6.3:1 on white), muted text a slate between 500 and 600 (5.7:1 on the palest indigo
 * highlight), the toggle buttons' labels use it too. Danger buttons (delete, remove): Aura's red 500
 * gives white text 3.8:1 and red text on white the same; red 700 gives 6.5:1.
 */
/** Muted text on light surfaces: 6.4:1 on white, 5.7:1 on indigo 50. */
const MUTED_LIGHT = '#526074';

export const AppPreset = definePreset(Aura, {
  semantic: {
    primary: {
      50: '{indigo.50}',
      100: '{indigo.100}',
      200: '{indigo.200}',
      300: '{indigo.300}',
      400: '{indigo.400}',
      500: '{indigo.500}',
      600: '{indigo.600}',
      700: '{indigo.700}',
      800: '{indigo.800}',
      900: '{indigo.900}',
      950: '{indigo.950}',
    },
    colorScheme: {
      light: {
        primary: {
          color: '{primary.600}',
          contrastColor: '#ffffff',
          hoverColor: '{primary.700}',
          activeColor: '{primary.800}',
        },
        text: { mutedColor: MUTED_LIGHT },
      },
    },
  },
  components: {
    button: {
      colorScheme: {
        light: {
          root: {
            danger: {
              background: '{red.700}',
              hoverBackground: '{red.800}',
              activeBackground: '{red.900}',
              borderColor: '{red.700}',
              hoverBorderColor: '{red.800}',
              activeBorderColor: '{red.900}',
            },
          },
          outlined: { danger: { color: '{red.700}' } },
          text: { danger: { color: '{red.700}' } },
        },
      },
    },
    togglebutton: {
      colorScheme: { light: { root: { color: MUTED_LIGHT }, icon: { color: MUTED_LIGHT } } },
    },
  },
});

export const DARK_CLASS = 'app-dark';
const THEME_KEY = 'answerscope.theme';

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    if (value === 'light' || value === 'dark' || value === 'system') return value;
  } catch {
    // no storage: follow the system
  }
  return 'system';
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Applies a theme choice to the document and remembers it on this device. */
export function applyTheme(theme: Theme, remember = true): boolean {
  const dark = theme === 'dark' || (theme === 'system' && prefersDark());
  document.documentElement.classList.toggle(DARK_CLASS, dark);
  if (!remember) return dark;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // not remembered; still applied
  }
  return dark;
}
