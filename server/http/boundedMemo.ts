// Answers that every request asks for but that depend on a handful of values (the site, its
// security headers): worked out once each. The values come from the client (its Host
// header), so the memo is bounded: when full it starts over.
export function boundedMemo<V>(limit: number): (key: string, compute: () => V) => V {
  const known = new Map<string, V>();
  return (key, compute) => {
    if (known.has(key)) return known.get(key)!;
    if (known.size >= limit) known.clear();
    const value = compute();
    known.set(key, value);
    return value;
  };
}
