import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIN_HEIGHT, MIN_WIDTH, type WindowBounds } from './window-options';

/**
 * The main window's size and position, remembered in a small JSON file in userData. Displays
 * change between runs (a laptop leaves its dock), so the saved place is clamped to what is
 * visible now before it is used.
 */
export interface WindowState extends WindowBounds {
  maximized: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };

/** How much of the window must show on some display to keep its position (a grabbable title bar). */
const MIN_VISIBLE_WIDTH = 120;
const MIN_VISIBLE_HEIGHT = 40;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function readWindowState(file: string): WindowState {
  if (!existsSync(file)) return { ...DEFAULT_WINDOW_STATE };
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState>;
    const state: WindowState = {
      width: finite(raw.width) ? Math.round(raw.width) : DEFAULT_WINDOW_STATE.width,
      height: finite(raw.height) ? Math.round(raw.height) : DEFAULT_WINDOW_STATE.height,
      maximized: raw.maximized === true,
    };
    if (finite(raw.x) && finite(raw.y)) {
      state.x = Math.round(raw.x);
      state.y = Math.round(raw.y);
    }
    return state;
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
}

export function writeWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * Fits a saved state to the displays' work areas (`screen.getAllDisplays()[i].workArea`; the
 * first is the primary). The size is capped to the display the window lands on, never below
 * the minimum; a window no longer visible enough loses its position, so Electron centres it.
 */
export function clampToDisplays(state: WindowState, workAreas: Rect[]): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: 1280, height: 800 };
  let width = Math.max(MIN_WIDTH, state.width);
  let height = Math.max(MIN_HEIGHT, state.height);
  const result: WindowState = { width, height, maximized: state.maximized };

  if (state.x !== undefined && state.y !== undefined) {
    const rect = { x: state.x, y: state.y, width, height };
    const home = workAreas.find((area) => {
      const seen = overlap(rect, area);
      return seen.width >= MIN_VISIBLE_WIDTH && seen.height >= MIN_VISIBLE_HEIGHT;
    });
    if (home) {
      width = Math.max(MIN_WIDTH, Math.min(width, home.width));
      height = Math.max(MIN_HEIGHT, Math.min(height, home.height));
      // Keep the title bar on screen: never above the work area's top edge.
      return { ...result, width, height, x: state.x, y: Math.max(state.y, home.y) };
    }
  }
  return {
    ...result,
    width: Math.max(MIN_WIDTH, Math.min(width, primary.width)),
    height: Math.max(MIN_HEIGHT, Math.min(height, primary.height)),
  };
}
