/**
 * Sites are stored as bare hosts (`example.com`): answer sources are compared by host without a
 * leading `www.` (decisions.md §5), so a user typing `https://www.example.com/` means `example.com`.
 */
export function normalizeHost(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
}

const HOST =
  /^(?=.{1,253}$)([a-z0-9\u00a1-\uffff]([a-z0-9\u00a1-\uffff-]{0,61}[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff][a-z0-9\u00a1-\uffff-]{1,62}$/;

export const isHost = (host: string): boolean => HOST.test(host);

/** `domain_aliases`: one per line or comma separated in; one host per line out; empty → null. */
export function splitHosts(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/[\n,;\s]+/)
        .map(normalizeHost)
        .filter(Boolean),
    ),
  ];
}
