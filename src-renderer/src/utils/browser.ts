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
