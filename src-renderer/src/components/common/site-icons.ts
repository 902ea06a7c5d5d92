import { reactive } from 'vue';
import { api } from '../../api/client';

/**
 * Site icons come from the engine (`GET /api/app/favicons/{domain}?format=json`), never from the
 * sites: a request to a site would tell it what the analyst is looking at, and fails offline.
 * One request per domain per session; while the engine is still fetching an icon it answers a
 * letter badge with `pending`, and we ask once more a little later.
 */
const icons = reactive(new Map<string, string>());
const asked = new Set<string>();
const RETRY_MS = 5000;

async function load(domain: string, retry: boolean) {
  try {
    const { data } = await api.request('GET /api/app/favicons/{domain}', {
      params: { domain },
      query: { format: 'json' },
    });
    icons.set(domain, data.data_url);
    if (data.pending && retry) setTimeout(() => void load(domain, false), RETRY_MS);
  } catch {
    asked.delete(domain); // a later render asks again
  }
}

/** The `data:` URL of a domain's icon, or '' until it has arrived. */
export function siteIcon(domain: string): string {
  if (!asked.has(domain)) {
    asked.add(domain);
    void load(domain, true);
  }
  return icons.get(domain) ?? '';
}
