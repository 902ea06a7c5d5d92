/** The few window calls the screens need, kept in one place. */
export function openInNewTab(address: string): void {
  window.open(address, '_blank', 'noopener');
}

export function pageOrigin(): string {
  return typeof location !== 'undefined' ? location.origin : '';
}

/** Starts the UI afresh at the projects list (after switching servers everything is stale). */
export function restartUi(): void {
  location.hash = '#/';
  location.reload();
}

/** Puts text on the clipboard; rejects where the page may not (the caller says "copy it by hand"). */
export function copyText(text: string): Promise<void> {
  return window.navigator.clipboard.writeText(text);
}
