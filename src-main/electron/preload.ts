import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNEL, type PreloadApi } from '../../src-shared/ipc';

/**
 * The whole surface the page gets: one function that sends a wire request over the one channel.
 * Built as CommonJS (out/preload/index.cjs) because sandboxed preloads cannot load ES modules.
 */
const api: PreloadApi = {
  request: (request) => ipcRenderer.invoke(IPC_CHANNEL, request),
};

contextBridge.exposeInMainWorld('answerscope', api);
