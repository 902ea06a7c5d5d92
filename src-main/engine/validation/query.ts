/**
 * Query strings use the bracket form for arrays (`neurals[]=1&neurals[]=2`, api-spec.md
 * "Conventions"); `name[0]=a` is accepted too. Plain keys repeated keep the last value.
 */
export type Query = Record<string, string | string[]>;

export function parseQuery(url: string | URL): Query {
  const params = new URL(url).searchParams;
  const query: Query = {};
  for (const [rawKey, value] of params) {
    const bracket = /^(.+?)\[(\d*)\]$/.exec(rawKey);
    if (bracket) {
      const key = bracket[1];
      const list = Array.isArray(query[key]) ? (query[key] as string[]) : [];
      list.push(value);
      query[key] = list;
    } else {
      query[rawKey] = value;
    }
  }
  return query;
}
