import { isExternalLink } from './window-options';

/**
 * Two decisions of the desktop shell kept free of Electron so tests can load them: which web
 * permissions a page gets (none, by default), and what happens when a page wants to open a link
 * outside the app (an AI answer's link is text an AI system wrote: the user sees the address and
 * says yes first). main.ts wires them to Electron's session and shell.
 */

/** The permissions the app's own pages may use; everything else, and every other origin: no. */
const OWN_PAGE_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/**
 * For both `setPermissionCheckHandler` and `setPermissionRequestHandler`. Deny by default: the
 * UI needs no camera, microphone, geolocation, notifications (OS notifications come from main),
 * MIDI, HID, serial or USB.
 */
export function permissionAllowed(
  permission: string,
  origin: string | undefined,
  ownOrigins: string[],
): boolean {
  if (!OWN_PAGE_PERMISSIONS.has(permission) || !origin) return false;
  let requester: string;
  try {
    requester = new URL(origin).origin;
  } catch {
    return false;
  }
  return ownOrigins.some((own) => {
    try {
      return new URL(own).origin === requester;
    } catch {
      return false;
    }
  });
}

export interface LinkPrompt {
  message: string;
  detail: string;
  /** Button labels; index 0 opens. */
  buttons: [string, string];
}

/** What the confirmation shows: the full address and, apart, the host (punycode, so a look-alike name shows as such). */
export function linkPrompt(url: string): LinkPrompt {
  const host = new URL(url).host;
  return {
    message: `Open ${host} in your browser?`,
    detail: `This link leads outside AnswerScope:\n\n${url}\n\nLinks in AI answers were written by an AI system; open them only if you trust the site.`,
    buttons: ['Open in browser', 'Cancel'],
  };
}

/**
 * Opens http(s) links after the user confirms; anything else (`file:`, `javascript:`, custom
 * schemes) is never opened. One question at a time: a page asking again and again while a
 * question is open is ignored. Resolves true when the link was opened.
 */
export function createLinkOpener(deps: {
  confirm: (prompt: LinkPrompt) => Promise<boolean>;
  open: (url: string) => Promise<void>;
}): (url: string) => Promise<boolean> {
  let asking = false;
  return async (url) => {
    if (!isExternalLink(url) || asking) return false;
    asking = true;
    try {
      if (!(await deps.confirm(linkPrompt(url)))) return false;
      await deps.open(url);
      return true;
    } finally {
      asking = false;
    }
  };
}
