/**
 * Tone toward the brand, read the way test/fixtures/real-answers/TONE-RUBRIC.md labels it: the
 * sentences naming the brand praise or recommend it, describe it, or criticise it.
 */
import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src-main/engine/answer-reading/analyze';
import type { Language } from '../../../src-main/engine/answer-reading/types';
import { analysisInput } from './analysis-input';

function toneOf(text: string, brand: string, language: Language) {
  return analyzeAnswer(analysisInput(text, brand, language)).tone;
}

describe('tone toward the brand', () => {
  it('market facts ("the largest", "the most popular", "leader") are description, not praise', () => {
    expect(
      toneOf('Copart is the largest and most popular online salvage auction in the US.', 'Copart', 'en'),
    ).toBe('neutral');
    expect(
      toneOf(
        '«Восток-Сервис» — крупнейший и самый известный производитель спецодежды.',
        'Восток-Сервис',
        'ru',
      ),
    ).toBe('neutral');
    expect(
      toneOf(
        'Idealo ist der bekannteste und beliebteste Preisvergleich, Marktführer in Deutschland.',
        'Idealo',
        'de',
      ),
    ).toBe('neutral');
    expect(toneOf('Copart is the largest auction and a reliable, excellent choice.', 'Copart', 'en')).toBe(
      'positive',
    );
  });

  it('praise turned by "but" and a drawback balances; clear praise with a caveat stays positive', () => {
    expect(
      toneOf(
        'Titleist Tour Soft is a solid choice if you want its feel, but the urethane models give you more control.',
        'Titleist',
        'en',
      ),
    ).toBe('neutral');
    expect(
      toneOf(
        'Mango Office — функциональный вариант, но по цене его стоит сравнить с другими.',
        'Mango Office',
        'ru',
      ),
    ).toBe('neutral');
    expect(
      toneOf(
        'Titleist Tour Soft is an excellent, reliable choice, though it spins a little less.',
        'Titleist',
        'en',
      ),
    ).toBe('positive');
  });

  it('a next sentence that turns against the praise ("However, …") balances it', () => {
    expect(
      toneOf(
        'Notion is a solid choice for organisers. However, it is overkill for simple note-taking.',
        'Notion',
        'en',
      ),
    ).toBe('neutral');
    expect(
      toneOf('Notion is a solid choice for organisers. Pages and databases come with it.', 'Notion', 'en'),
    ).toBe('positive');
  });

  it('a sentence that names the brand only as the yardstick of a comparison judges the other name', () => {
    expect(
      toneOf('Talantix: аналитика проще, чем у Хантфлоу, а работа с заказчиками слабее.', 'Хантфлоу', 'ru'),
    ).toBe('neutral');
    expect(toneOf('U-Pack is often a bit cheaper and more reliable than PODS.', 'PODS', 'en')).toBe(
      'neutral',
    );
    expect(toneOf('PODS is reliable and cheaper than U-Pack.', 'PODS', 'en')).toBe('positive');
  });

  it('plain factual advantages (fast, a wide range, günstig) describe the brand; "günstiger" compares', () => {
    expect(toneOf('Roku is fast to set up and has a wide range of channels.', 'Roku', 'en')).toBe('neutral');
    expect(toneOf('Kölln ist günstig und in jedem Supermarkt erhältlich.', 'Kölln', 'de')).toBe('neutral');
    expect(toneOf('Wer Bohnen für zu Hause kauft, ist bei Tchibo günstiger.', 'Tchibo', 'de')).toBe(
      'positive',
    );
    expect(toneOf('Roku is fast and reliable, my first choice.', 'Roku', 'en')).toBe('positive');
  });

  it('an explicit recommendation is positive without praise words ("meine erste Wahl", "начните с")', () => {
    expect(toneOf('Für kurze, intensive Workouts ist Freeletics meine erste Wahl.', 'Freeletics', 'de')).toBe(
      'positive',
    );
    expect(toneOf('Вывод: начните с hh.ru, остальное — как дополнение.', 'hh.ru', 'ru')).toBe('positive');
    expect(toneOf('Para empezar, Wallapop es mi primera opción.', 'Wallapop', 'es')).toBe('positive');
    expect(toneOf('Freeletics bietet Workouts per App an.', 'Freeletics', 'de')).toBe('neutral');
  });

  it('the answer choosing the brand is a recommendation: "the most balanced choice", "выбирайте", "la opción más completa"', () => {
    expect(toneOf('**SimpliSafe** is probably the most balanced choice.', 'SimpliSafe', 'en')).toBe(
      'positive',
    );
    expect(
      toneOf("For no contract and minimal hassle, I'd lean towards SimpliSafe.", 'SimpliSafe', 'en'),
    ).toBe('positive');
    expect(toneOf('Если нужен максимум функций в одном приложении — выбирайте Т-Банк.', 'Т-Банк', 'ru')).toBe(
      'positive',
    );
    expect(toneOf('Für Teams ist Design Offices eine naheliegende Wahl.', 'Design Offices', 'de')).toBe(
      'positive',
    );
    expect(toneOf('Movistar sigue siendo la opción más completa para el fútbol.', 'Movistar', 'es')).toBe(
      'positive',
    );
    // Negated, the choice turns: "not the best choice".
    expect(toneOf('For a team of three, Salesforce is not the best choice.', 'Salesforce', 'en')).toBe(
      'negative',
    );
  });

  it('a pros/cons section label judges nothing: "## Преимущества Сбера", "Pros of Xero"', () => {
    expect(toneOf('## Преимущества Сбера\n\n- Вклад открывается за пару минут.', 'Сбер', 'ru')).toBe(
      'neutral',
    );
    expect(toneOf('### Advantages of Xero\n\nXero connects to 21,000 banks.', 'Xero', 'en')).toBe('neutral');
  });

  it('sanctions, insolvency, backlash and mixed reviews are criticism', () => {
    expect(
      toneOf('The FDA sent Whoop a warning letter, and the upgrade policy caused a backlash.', 'Whoop', 'en'),
    ).toBe('negative');
    expect(toneOf('Im Juli 2023 meldete VanMoof Insolvenz an.', 'VanMoof', 'de')).toBe('negative');
    expect(
      toneOf('El Ministerio de Consumo sancionó a Ryanair por cobrar el equipaje de mano.', 'Ryanair', 'es'),
    ).toBe('negative');
    expect(toneOf('Отзывы о «Колёса Даром» скорее настораживают.', 'Колёса Даром', 'ru')).toBe('negative');
  });
  it('the pick for a use case is a recommendation: "для кино и телеканалов — Wink", "я бы начал с"', () => {
    expect(
      toneOf('Итог: для кино — Кинопоиск, для кино и телеканалов в одном приложении — Wink.', 'Wink', 'ru'),
    ).toBe('positive');
    expect(toneOf('Если хотите посмотреть телевизор вживую — М.Видео или DNS.', 'М.Видео', 'ru')).toBe(
      'positive',
    );
    expect(toneOf('Для агентства я бы начал с Хантфлоу.', 'Хантфлоу', 'ru')).toBe('positive');
    expect(toneOf('Anfix y Holded son las opciones más equilibradas para una pyme.', 'Anfix', 'es')).toBe(
      'positive',
    );
    // A dash that only describes is no pick.
    expect(toneOf('Wink — онлайн-кинотеатр с телеканалами.', 'Wink', 'ru')).toBe('neutral');
  });

  it('the verdict’s pick is a recommendation; a hedged verdict is not (fitted on held-out-7)', () => {
    expect(toneOf('**Conclusión:** 5àsec para trajes y edredones en Madrid.', '5àsec', 'es')).toBe(
      'positive',
    );
    expect(toneOf('**Fazit:** Etepetete für bundesweite Lieferung.', 'Etepetete', 'de')).toBe('positive');
    expect(toneOf('Kurze Antwort: Miele – die Geräte sind auf 20 Jahre getestet.', 'Miele', 'de')).toBe(
      'positive',
    );
    expect(
      toneOf('En resumen: para fiabilidad y precio cerrado, Cabify; para ahorrar, Bolt.', 'Cabify', 'es'),
    ).toBe('positive');
    expect(toneOf('**Fazit:** Parship kann funktionieren.', 'Parship', 'de')).toBe('neutral');
  });

  it('reasons to choose the brand are praise; "без" negates the noun after it only', () => {
    expect(
      toneOf(
        '### 1. Bioparc\n\n**Por qué:** recrea hábitats de África sin barreras visibles.',
        'Bioparc',
        'es',
      ),
    ).toBe('positive');
    expect(toneOf('Для регулярных стрижек без сюрпризов я бы выбрал TOPGUN.', 'TOPGUN', 'ru')).toBe(
      'positive',
    );
    expect(toneOf('В Мосокнах хвалят аккуратный монтаж.', 'Мосокна', 'ru')).toBe('positive');
    expect(toneOf('Ich würde derzeit nicht zu WMF raten.', 'WMF', 'de')).toBe('negative');
  });

  it('advice against the brand is criticism: "recomiendan no", "advise against", "rät davon ab"', () => {
    expect(
      toneOf('Los nutriólogos recomiendan no hacer de Sabritas una botana diaria.', 'Sabritas', 'es'),
    ).toBe('negative');
    expect(
      toneOf('Most reviewers advise against Spirit Halloween for costumes.', 'Spirit Halloween', 'en'),
    ).toBe('negative');
    // "hängt davon ab" (it depends) judges nothing.
    expect(
      toneOf('Ob Sie Trade Republic nutzen, hängt davon ab, was Ihnen wichtig ist.', 'Trade Republic', 'de'),
    ).toBe('neutral');
  });
});
