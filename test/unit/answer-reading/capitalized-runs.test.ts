/**
 * The raw candidates for names: runs of capitalised words, found where one can start (a capital or
 * a digit, or a short lowercase prefix before a capital), never inside a word.
 */
import { describe, expect, it } from 'vitest';
import { capitalizedRuns } from '../../../src-main/engine/answer-reading/capitalized-runs';

const runs = (text: string) => capitalizedRuns(text).map((r) => `${r.index}:${r.run}`);

describe('capitalised runs', () => {
  it('joins capitalised words, "of", "de" and an ampersand into one run', () => {
    expect(runs('Try Bank of America or Bath & Body Works.')).toEqual([
      '0:Try Bank of America',
      '23:Bath & Body Works',
    ]);
  });

  it('reads "iPhone" and "eBay", never a capital inside a word or after a dot or hyphen', () => {
    expect(runs('an iPhone on eBay, not xxxxY, McDonald, .Net or x-Ray')).toEqual([
      '3:iPhone',
      '13:eBay',
      '30:McDonald',
    ]);
  });

  it('starts after emoji, markdown and quotes, and reads Cyrillic and digits', () => {
    expect(runs('🚀Revolut, _Tinkoff_, «Сбер» и 5G')).toEqual([
      '2:Revolut',
      '12:Tinkoff',
      '23:Сбер',
      '31:5G',
    ]);
  });
});
