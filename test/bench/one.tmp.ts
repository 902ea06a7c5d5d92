import { analyzeAnswer } from '../../src-main/engine/analysis/analyze';
import { realAnswers } from '../fixtures/real-answers';
import { realInput } from '../fixtures/real-answers/input';
const a = realAnswers.find((x) => x.id === process.argv[2])!;
const r = analyzeAnswer(realInput(a));
console.log(JSON.stringify({ comp: r.competitors, pos: r.mention_position, occ: r.occurrences, ev: (r as any).evidence?.competitors?.slice(0, 6), brand: (r as any).evidence?.brand?.slice(0, 3) }, null, 1));
