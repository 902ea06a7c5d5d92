import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clampToDisplays,
  DEFAULT_WINDOW_STATE,
  readWindowState,
  writeWindowState,
} from '../../../src-main/electron/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitorRight = { x: 1440, y: 0, width: 2560, height: 1400 };

describe('clampToDisplays', () => {
  it('keeps a window that is on a display', () => {
    const state = { x: 1600, y: 100, width: 1800, height: 1000, maximized: false };
    expect(clampToDisplays(state, [laptop, monitorRight])).toEqual(state);
  });

  it('drops the position of a window left on a display that is gone, and fits the size to the primary', () => {
    const state = { x: 1600, y: 100, width: 1800, height: 1000, maximized: true };
    expect(clampToDisplays(state, [laptop])).toEqual({ width: 1440, height: 875, maximized: true });
  });

  it('drops the position when only a sliver would show', () => {
    const state = { x: 1400, y: 100, width: 1000, height: 700, maximized: false };
    expect(clampToDisplays(state, [laptop])).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('keeps the title bar below the top of the work area', () => {
    const menuBar = { x: 0, y: 25, width: 1440, height: 850 };
    const state = { x: 100, y: -200, width: 1000, height: 700, maximized: false };
    expect(clampToDisplays(state, [menuBar])).toMatchObject({ x: 100, y: 25 });
  });

  it('never goes below the minimum size', () => {
    expect(clampToDisplays({ width: 200, height: 100, maximized: false }, [laptop])).toEqual({
      width: 960,
      height: 600,
      maximized: false,
    });
  });
});

describe('the remembered state file', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips, and falls back to the defaults when missing or damaged', () => {
    dir = mkdtempSync(join(tmpdir(), 'answerscope-window-'));
    const file = join(dir, 'window-state.json');
    expect(readWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
    writeWindowState(file, { x: 10, y: 20, width: 1000, height: 700, maximized: true });
    expect(readWindowState(file)).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: true });
    writeFileSync(file, '{not json');
    expect(readWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(file, JSON.stringify({ width: 'wide', x: 5 }));
    expect(readWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
  });
});
