/** The one function of the untyped `snowball-stemmers` package the analysis uses. */
declare module 'snowball-stemmers' {
  export function newStemmer(algorithm: string): { stem(word: string): string };
}
