// Answers that every request asks for but that depend on a handful of values (the site, its
// security headers): worked out once each. The values come from the client (its Host
// header), so the memo is bounded: when full it starts over.
export function boundedMemo<V extends NonNullable<unknown> | null>(
  limit: number,
): (key: string, compute: () => V) => V {
  const known = new Map<string, V>();
  return (key, compute) => {
    // One lookup for a known key: a value is never undefined, so undefined means unknown.
    const found = known.get(key);
    if (found !== undefined) return found;
    if (known.size >= limit) known.clear();
    const value = compute();
    known.set(key, value);
    return value;
  };
}
