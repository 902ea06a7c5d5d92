/**
 * The nominative of a competitor's name that a Russian answer only writes inflected: "Самокату"
 * is Самокат, "Нетологию" Нетология, "Яндекс Лавке" Яндекс Лавка, "Skillbox'а" Skillbox. Names
 * are mostly not in any dictionary, so this reads the ending alone and lists the nominatives it
 * could come from, likeliest first; two spellings whose lists meet are one competitor.
 */

import { isDictionaryProperNoun } from './lexicon/dictionary';

const CYRILLIC_WORD = /^[А-ЯЁа-яё-]+$/;
/** A Latin name with a Russian ending: "Skillbox'а", "Ozon-е", "iPhoneом". */
const LATIN_WITH_ENDING = /^(.*[A-Za-z0-9])(?:['’-]?[а-яё]{1,3})$/;

/** Nominatives a Cyrillic word may be a case form of, likeliest first (the word itself included). */
export function nominativesOf(word: string): string[] {
  const latin = LATIN_WITH_ENDING.exec(word);
  if (latin) return [latin[1]];
  if (!CYRILLIC_WORD.test(word) || word.length < 4) return [word];
  const lower = word.toLowerCase();
  // A stem shorter than three letters is no name ("Дром" is not "Др" + "ом"), nor is a capital
  // left alone at its end ("ТёплоДом" is not "ТёплоД" + "ом").
  const cut = (n: number) =>
    word.length - n >= 3 && !/\p{Lu}$/u.test(word.slice(0, word.length - n))
      ? word.slice(0, word.length - n)
      : word;
  const ends = (e: string) => lower.endsWith(e);
  // Plurals and adjectives ("Ленинградскую") are no case of a brand's name: left as written.
  if (/(?:ами|ями|ах|ях|ам|ям|ую|юю|ого|его|ому|ему|ыми|ими)$/.test(lower)) return [word];
  if (/(?:ие|ое|ее|ые|ие)$/.test(lower)) return [word];
  if (ends('ией')) return [cut(3) + 'ия', word];
  if (ends('ию')) return [cut(2) + 'ия', word];
  // "-ии" is a genitive or a plural nominative ("Тинькофф Инвестиции"): as written first.
  if (ends('ии')) return [word, cut(2) + 'ия'];
  if (ends('ом')) return [cut(2), word];
  if (ends('ем')) return [cut(2) + 'ь', cut(2) + 'й', cut(2), word];
  if (ends('ою')) return [cut(2) + 'а', word];
  if (ends('ой')) return [cut(2) + 'а', word];
  if (ends('ей')) return [cut(2) + 'я', cut(2) + 'ь', word];
  // "Лавке", "Лавку": a stem ending in a consonant and к/г/х is a feminine noun's ("Лавка"),
  // except the corporate "банк" ("в Сбербанке").
  const feminineStem = /[бвгджзклмнпрстфхцчшщ][кгх]$/.test(lower.slice(0, -1)) && !/банк.$/.test(lower);
  if (ends('у')) return feminineStem ? [cut(1) + 'а', cut(1), word] : [cut(1), cut(1) + 'а', word];
  if (ends('ю')) return [cut(1) + 'я', cut(1) + 'ь', cut(1) + 'й', word];
  if (ends('е'))
    return feminineStem ? [cut(1) + 'а', cut(1), word] : [cut(1), cut(1) + 'а', cut(1) + 'я', word];
  if (ends('ы')) return [cut(1) + 'а', word];
  // After к, г, х and the hushing letters a feminine genitive ends in -и ("Точки" is Точка's).
  if (ends('и') && /[кгхжшчщ]и$/.test(lower)) return [cut(1) + 'а', word];
  if (ends('и')) return [word, cut(1) + 'а', cut(1) + 'я', cut(1) + 'ь'];
  // A bank is "банк": "Сбербанка", "Т-Банка" are its genitive, never a nominative.
  if (/банка$/.test(lower)) return [cut(1)];
  // "-а"/"-я" may be a genitive ("Практикума") or a nominative ("Лавка"): both stay possible.
  if (ends('а')) return [word, cut(1)];
  if (ends('я')) return [word, cut(1) + 'ь', cut(1) + 'й'];
  return [word];
}

/**
 * Prepositions that take the genitive, and comparatives ("дешевле Битрикса"): after them "-а" is a
 * masculine name's case ("у Сбербанка").
 */
const GENITIVE_BEFORE =
  /(?:^|[\s(«"])(?:у|от|из|для|до|без|около|вроде|кроме|против|возле|после|среди|из-за|у\s+клиентов|дешевле|дороже|лучше|хуже|выше|ниже|больше|меньше|быстрее|удобнее|проще|выгоднее|надёжнее|надежнее)\s+$/iu;
/** Prepositions and verbs that take the instrumental ("с Яндексом", "пользуются Сбером"). */
const INSTRUMENTAL_BEFORE =
  /(?:^|[\s(«"])(?:с|со|за|над|под|перед|между|пользу\p{L}*|воспольз\p{L}*|работа\p{L}*|владе\p{L}*|управля\p{L}*|явля\p{L}*|стал\p{L}*|был\p{L}*|будет|называ\p{L}*|довольн\p{L}*|заним\p{L}*|интересу\p{L}*|конкурир\p{L}*|сотруднича\p{L}*|партнёр\p{L}*|партнер\p{L}*|связ\p{L}*|объедин\p{L}*|сравн\p{L}*)\s+(?:\p{L}+\s+)?$/iu;

/** The names listed before this one ("у Ингосстраха, Согласия и "): they share its case. */
const LISTED_BEFORE =
  /(?:[«"]?\p{Lu}[\p{L}\p{N}-]*(?:\s\p{Lu}[\p{L}\p{N}-]*)?[»"]?(?:,\s*|\s+(?:и|или)\s+))+$/u;

/**
 * The nominatives of a name as written at `index` of `text`: a genitive preposition before it
 * settles "-а" and "-я" ("у Сбербанка" → Сбербанк, "у Согласия" → Согласие).
 */
export function nominativesAt(name: string, text: string, index: number): string[] {
  const all = nameNominatives(name);
  if (/[оеё]м$/.test(name) && all[0] !== name) {
    // "-ом" is an instrumental only where something governs one ("с Такскомом", "пользуются
    // Яндексом"); "Контур.Экстерн, СБИС или Такском позволяют …" names a nominative.
    const governed = INSTRUMENTAL_BEFORE.test(
      text.slice(Math.max(0, index - 80), index).replace(LISTED_BEFORE, ''),
    );
    return governed ? all : [name, ...all.filter((n) => n !== name)];
  }
  if (!/[ая]$/.test(name)) return all;
  // "Гардиана и Бульдорса" where the answer also writes "Гардиан": a feminine "Гардиана" would
  // never be written "Гардиан", so that is the nominative.
  const bare = name.slice(0, -1);
  if (/а$/.test(name) && bare.length >= 4 && writtenAsWord(bare, text)) return [bare, ...all];
  const before = text.slice(Math.max(0, index - 80), index);
  if (!GENITIVE_BEFORE.test(before.replace(LISTED_BEFORE, ''))) return all;
  const at = name.lastIndexOf(' ');
  const head = at < 0 ? '' : name.slice(0, at + 1);
  const word = name.slice(at + 1);
  if (!/^[А-ЯЁа-яё-]+$/.test(word) || word.length < 5) return all;
  const genitive = /ия$/.test(word)
    ? [word.slice(0, -1) + 'е']
    : /я$/.test(word)
      ? [word.slice(0, -1) + 'ь', word.slice(0, -1) + 'й']
      : [word.slice(0, -1)];
  return [...genitive.map((w) => head + w), ...all];
}

/** The same for a multiword name: its last word declines ("Яндекс Лавке" → "Яндекс Лавка"). */
export function nameNominatives(name: string): string[] {
  // "Аптекой.ру" → "Аптека.ру": the word before a domain ending declines.
  const domain = /^(\p{L}+)(\.(?:ру|рф|ru|com|net|org))$/u.exec(name);
  if (domain) return nominativesOf(domain[1]).map((w) => w + domain[2]);
  const at = name.lastIndexOf(' ');
  const head = at < 0 ? '' : name.slice(0, at + 1);
  return nominativesOf(name.slice(at + 1)).map((w) => head + w);
}

/**
 * A place or a person the Russian dictionary knows ("Таджикистана", "Камчатки", "Крым"): the
 * dictionary's proper nouns are geography and people, brands are not among them.
 */
export function isRussianPlace(name: string): boolean {
  return !name.includes(' ') && nominativesOf(name).some((n) => isDictionaryProperNoun(n, 'ru'));
}

/** Whether `word` stands in `text` as a word of its own (not the start of a longer one). */
function writtenAsWord(word: string, text: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at > 0 ? text[at - 1] : ' ';
    const after = text[at + word.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}
