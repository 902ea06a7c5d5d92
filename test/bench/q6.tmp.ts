import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';
const [text, brand, lang, act] = process.argv.slice(2);
console.log(analyzeAnswer({ text: text.replace(/\\n/g, '\n'), citations: [], brand, alternativeBrands: [], domain: '', domainAliases: [], includeSubdomains: false, knownCompetitors: [], language: lang as any, activities: act ?? '' }).competitors);
