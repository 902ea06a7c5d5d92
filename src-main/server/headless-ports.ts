import type { EnginePorts } from '../engine/ports';
import { chromiumPath, chromiumPrinter } from './chromium-printer';

/**
 * Ports of the headless host. The PDF printer is a headless Chromium through playwright-core;
 * `--chromium PATH`, `$ANSWERSCOPE_CHROMIUM` or `$CHROMIUM_PATH` choose the browser (default
 * /usr/bin/chromium); `--print-timeout SECONDS` bounds one print.
 */
export function headlessPorts(args: Record<string, unknown>): EnginePorts {
  return { printer: chromiumPrinter(chromiumPath(args), { timeoutMs: printTimeoutMs(args) }) };
}

/** `--print-timeout SECONDS` (default 120): the longest one PDF print may take. */
export function printTimeoutMs(args: Record<string, unknown>): number | undefined {
  const seconds = Number(args['print-timeout']);
  return typeof args['print-timeout'] === 'string' && seconds > 0 ? seconds * 1000 : undefined;
}
