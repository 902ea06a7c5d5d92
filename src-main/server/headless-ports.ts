import type { EnginePorts } from '../engine/ports';

/**
 * Ports of the headless host. The PDF printer (headless Chromium through playwright-core) is
 * added by the reports work; `--chromium PATH` or `$ANSWERSCOPE_CHROMIUM` will choose the browser.
 */
export function headlessPorts(_args: Record<string, unknown>): EnginePorts {
  return {};
}
