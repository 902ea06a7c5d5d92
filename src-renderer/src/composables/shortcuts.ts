import { onBeforeUnmount, onMounted } from 'vue';

/**
 * App-wide keys: `/` focuses the screen's search field (the element marked `data-search`),
 * `R` runs the open project, `?` opens the list of shortcuts. Ignored while typing in a field or
 * with Ctrl, Cmd or Alt held (Shift is how `?` is typed).
 */
export function useShortcuts(handlers: { run: () => void; help?: () => void }) {
  function onKey(event: KeyboardEvent) {
    const target = event.target as HTMLElement | null;
    const typing =
      target && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable);
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '?' && handlers.help) {
      event.preventDefault();
      handlers.help();
    } else if (event.key === '/') {
      const search = document.querySelector<HTMLInputElement>('[data-search]');
      if (search) {
        event.preventDefault();
        search.focus();
      }
    } else if (event.key === 'r' || event.key === 'R') {
      event.preventDefault();
      handlers.run();
    }
  }
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}
