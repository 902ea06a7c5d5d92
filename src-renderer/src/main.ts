import { createApp } from 'vue';
import { createPinia } from 'pinia';
import PrimeVue from 'primevue/config';
import ToastService from 'primevue/toastservice';
import ConfirmationService from 'primevue/confirmationservice';
import Tooltip from 'primevue/tooltip';
import App from './App.vue';
import { installTransport, takeTokensFromAddressChanges } from './api/install';
import { i18n } from './i18n';
import { createAppRouter } from './router';
import { AppPreset, DARK_CLASS } from './theme';
import { useSessionStore } from './stores/session';
import { usePreferencesStore } from './stores/preferences';
import 'primeicons/primeicons.css';
import './styles/app.css';

// The one transport of this window, chosen once: IPC under Electron, HTTP in the browser.
const pinia = createPinia();
const transport = installTransport({ onUnauthorized: () => useSessionStore(pinia).tokenRejected() });

const app = createApp(App);
app.use(pinia);
app.use(i18n);
app.use(PrimeVue, {
  theme: { preset: AppPreset, options: { darkModeSelector: `.${DARK_CLASS}`, cssLayer: false } },
  // Password sets aria-expanded on its input for its strength popup, which every field here turns
  // off (`:feedback="false"`): the attribute is not allowed on a password input (axe, WCAG 4.1.2).
  pt: { password: { pcInputText: { root: { 'aria-expanded': undefined } } } },
});
app.use(ToastService);
app.use(ConfirmationService);
app.directive('tooltip', Tooltip);
usePreferencesStore(pinia); // applies the remembered language and theme before the first paint
// Before the router: see takeTokensFromAddressChanges.
takeTokensFromAddressChanges(transport, async () => {
  const state = await useSessionStore(pinia).check();
  if (state === 'signed-in' && router.currentRoute.value.name === 'sign-in') await router.replace('/');
});
const router = createAppRouter();
app.use(router);
app.mount('#app');
