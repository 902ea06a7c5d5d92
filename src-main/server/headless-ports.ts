import type { EnginePorts } from '../engine/ports';
import { chromiumPath, chromiumPrinter } from './chromium-printer';

/**
 * Ports of the headless host. The PDF printer is a headless Chromium through playwright-core;
 * `--chromium PATH`, `$ANSWERSCOPE_CHROMIUM` or `$CHROMIUM_PATH` choose the browser (default
 * /usr/bin/chromium).
 */
export function headlessPorts(args: Record<string, unknown>): EnginePorts {
  return { printer: chromiumPrinter(chromiumPath(args)) };
}
