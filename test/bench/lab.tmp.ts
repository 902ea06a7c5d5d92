// Estimate: drop competitors whose every span sits after a bold "Label:" of a list item (attribute values).
import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';
import { splitLines, lineAt } from '../../src-main/engine/answer-reading/text';
import { isDictionaryWord } from '../../src-main/engine/answer-reading/lexicon/dictionary';
import { realAnswers } from '../fixtures/real-answers';
import { heldOutAnswers } from '../fixtures/real-answers/held-out';
import { heldOut2Answers } from '../fixtures/real-answers/held-out-2';
import { heldOut3Answers } from '../fixtures/real-answers/held-out-3';
import { heldOut4Answers } from '../fixtures/real-answers/held-out-4';
import { heldOut5Answers } from '../fixtures/real-answers/held-out-5';
import { heldOut6Answers } from '../fixtures/real-answers/held-out-6';
import { heldOut7Answers } from '../fixtures/real-answers/held-out-7';
import { realInput } from '../fixtures/real-answers/input';
import { foldName } from './real-answers.bench';
const sets: Record<string, any[]> = { c: realAnswers, ho: heldOutAnswers, h2: heldOut2Answers, h3: heldOut3Answers, h4: heldOut4Answers, h5: heldOut5Answers, h6: heldOut6Answers, BLIND7: heldOut7Answers };
const PEERS = /alternativ|option|opci|вариант|альтернатив|конкурент|competit|konkurren|competen|best|für|for|para|для|budget|бюджет|premium|preis|price|precio|цен|günstig|cheap|barat|дешев|beginner|einsteig|principiant|новичк|empfehl|recommend|recomend|рекоменд|pick|wahl|elecci|выбор|tipp|tip|consejo|совет|fazit|conclus|итог|вывод|bottom line|ganador|winner|sieger|лидер|leader/iu;
let out = '';
for (const [name, set] of Object.entries(sets)) {
  let tp = 0, fp = 0, fn = 0, tp2 = 0, fp2 = 0, fn2 = 0;
  for (const a of set) {
    const r = analyzeAnswer(realInput(a));
    const exp = a.expected.competitors.map((g: string) => g.split('|').map(foldName));
    const lines = splitLines(a.text);
    const ev = r.evidence?.competitors ?? [];
    const keep = r.competitors.filter((c) => {
      const spans = ev.filter((e: any) => e.name === c);
      const attr = spans.every((s: any) => {
        const line = lineAt(lines, s.start);
        if (!line || line.kind !== 'list') return false;
        const m = /^\s*(?:\*\*|__)([^*_\n]{2,40}?):?(?:\*\*|__):?\s/.exec(a.text.slice(line.contentStart, line.end));
        if (!m || !/:/.test(m[0])) return false;
        if (line.contentStart + m[0].length > s.start) return false;
        const label = m[1];
        if (PEERS.test(label)) return false;
        const words = label.split(/[\s/-]+/).filter(Boolean);
        return words.every((w) => isDictionaryWord(w, a.language) || isDictionaryWord(w, 'en'));
      });
      if (attr && name !== 'BLIND7' && process.argv[2]) console.log((exp.some((vs: string[]) => vs.includes(foldName(c))) ? 'LOST TP' : 'drop FP'), name, a.id, c, '|', a.text.slice(lineAt(lines, spans[0].start)!.start, lineAt(lines, spans[0].start)!.end).slice(0, 140));
      return !attr;
    });
    const score = (list: string[]) => { const got = list.map(foldName); let t = 0, f = 0; for (const g of got) exp.some((vs: string[]) => vs.includes(g)) ? t++ : f++; const n = exp.filter((vs: string[]) => !vs.some((v) => got.includes(v))).length; return [t, f, n]; };
    const [a1, b1, c1] = score(r.competitors); const [a2, b2, c2] = score(keep);
    tp += a1; fp += b1; fn += c1; tp2 += a2; fp2 += b2; fn2 += c2;
  }
  const P = (t: number, f: number) => (t / (t + f)).toFixed(3); const R = (t: number, n: number) => (t / (t + n)).toFixed(3);
  out += `${name} P ${P(tp, fp)}→${P(tp2, fp2)} R ${R(tp, fn)}→${R(tp2, fn2)} (−TP ${tp - tp2}, −FP ${fp - fp2})\n`;
}
console.log(out);
