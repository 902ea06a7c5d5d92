import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf } from '../params';
import { ANY_SEGMENT, route } from '../route';
import { getFavicon } from '../../favicons/favicons.service';

/**
 * Extension: `GET /api/app/favicons/{domain}`, the `favicon` link of the analytics endpoints. The
 * icon itself (a cached raster image, or an SVG letter badge); with `?format=json`,
 * `{data: {domain, source, pending, data_url}}`, which is how the UI reads it over either
 * transport (IPC carries text only, and an <img> cannot send the bearer token).
 */
export const faviconsRoutes = new Hono<AppEnv>();

route(
  faviconsRoutes,
  'GET /api/app/favicons/{domain}',
  async (c) => {
    const icon = await getFavicon(ctxOf(c), c.req.param('domain') ?? '');
    if (c.req.query('format') === 'json') {
      const { domain, source, pending } = icon;
      return {
        data: {
          domain,
          source,
          pending,
          data_url: `data:${icon.type};base64,${icon.bytes.toString('base64')}`,
        },
      };
    }
    return c.body(new Uint8Array(icon.bytes), 200, {
      'content-type': icon.type,
      'cache-control': icon.source === 'site' ? 'private, max-age=86400' : 'private, no-cache',
      // Opened on its own, an image must not run anything (the badge is ours; this is a second lock).
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    });
  },
  { patterns: { domain: ANY_SEGMENT } },
);
