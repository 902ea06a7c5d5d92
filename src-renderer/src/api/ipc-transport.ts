import type { PreloadApi } from '../../../src-shared/ipc';
import type { Transport } from './transport';

/**
 * The desktop host: the preload exposes one narrow function on `window.answerscope`; the main
 * process hands the request to the local engine or forwards it to a remote server. This is the
 * only renderer file that knows that global.
 */
export function createIpcTransport(bridge: PreloadApi): Transport {
  return { kind: 'ipc', request: (req) => bridge.request(req) };
}

/** The preload bridge when running inside Electron, else undefined. */
export function findPreloadBridge(host: unknown): PreloadApi | undefined {
  const bridge = (host as { answerscope?: PreloadApi } | undefined)?.answerscope;
  return bridge && typeof bridge.request === 'function' ? bridge : undefined;
}
