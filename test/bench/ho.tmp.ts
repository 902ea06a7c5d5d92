import { measureRealAnswers, figuresOf } from './real-answers.bench';
import { heldOutAnswers } from '../fixtures/real-answers/held-out';
const m = measureRealAnswers(heldOutAnswers);
for (const [l, t] of m) { const f = figuresOf(t); console.log(l.padEnd(4), 'P', f.precision.toFixed(3), 'R', f.recall.toFixed(3), 'F1', f.f1.toFixed(3), 'pos', f.position.toFixed(3), 'mF1', f.mentionF1.toFixed(3), 'tone', f.tone.toFixed(3), 'occ', f.occurrences.toFixed(3), 'urls', f.urls.toFixed(3), 'site', f.sitePosition.toFixed(3), `tp ${t.tp} fp ${t.fp} fn ${t.fn}`); }
