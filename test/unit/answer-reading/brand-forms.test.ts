/**
 * The brand's forms as an answer writes them (decisions.md §5 "occurrences"): inflected, possessive,
 * in the order first written.
 */
import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src-main/engine/answer-reading/analyze';
import type { Language } from '../../../src-main/engine/answer-reading/types';
import { analysisInput } from './analysis-input';

describe('the brand’s forms as written (occurrences)', () => {
  const forms = (text: string, brand: string, language: Language, alternativeBrands: string[] = []) =>
    analyzeAnswer({ ...analysisInput(text, brand, language), alternativeBrands }).occurrences;

  it('Russian plurals, adjectives, neuter nouns and a dropped vowel decline', () => {
    expect(
      forms('Теремок — сеть блинных. В Теремке вкусно, у Теремка много точек.', 'Теремок', 'ru'),
    ).toEqual(['Теремок', 'Теремке', 'Теремка']);
    expect(forms('Сандуны — старейшие бани. В Сандунах дорого.', 'Сандуны', 'ru')).toEqual([
      'Сандуны',
      'Сандунах',
    ]);
    expect(forms('Билеты Уральских авиалиний дешевле.', 'Уральские авиалинии', 'ru')).toEqual([
      'Уральских авиалиний',
    ]);
    expect(forms('Полис АльфаСтрахования стоит дороже.', 'АльфаСтрахование', 'ru')).toEqual([
      'АльфаСтрахования',
    ]);
  });

  it('a brand written in capitals is not its lowercase word ("газ" is gas, not ГАЗ)', () => {
    const text = 'ГАЗель от ГАЗ — самый частый выбор. Можно ли ставить машину на газ? Да, это дешевле.';
    expect(forms(text, 'ГАЗ', 'ru', ['ГАЗель'])).toEqual(['ГАЗель', 'ГАЗ']);
    expect(forms('Читайте новости на xing.com и в приложении XING.', 'XING', 'de')).toEqual(['xing', 'XING']);
  });

  it('"E.ONs" and "Great Clips\'" are the brand’s possessives', () => {
    expect(forms('E.ON ist groß. E.ONs Tarife sind teuer.', 'E.ON', 'de')).toEqual(['E.ON', 'E.ONs']);
    expect(forms("Great Clips' prices are low.", 'Great Clips', 'en')).toEqual(["Great Clips'"]);
  });

  it('"proALPHA" is the brand when "Proalpha" is another of its names, not an ordinary word', () => {
    expect(forms('Für den Mittelstand passt proALPHA oft besser.', 'proALPHA', 'de', ['Proalpha'])).toEqual([
      'proALPHA',
    ]);
  });
});
