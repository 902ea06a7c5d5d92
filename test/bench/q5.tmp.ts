import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';
const t = process.argv[2].replace(/\\n/g, '\n');
console.log(analyzeAnswer({ text: t, citations: [], brand: 'Spreadshirt', alternativeBrands: [], domain: '', domainAliases: [], includeSubdomains: false, knownCompetitors: [], language: 'en', activities: process.argv[3] ?? '' } as any).competitors);
