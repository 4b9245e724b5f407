// How much the record cache keeps on a device, and which entries go first when it is full.
// Rows, not bytes, are counted: a record is a few hundred bytes of JSON, so the row bound
// (10,000) keeps the store near a few megabytes without measuring each write.

export interface CacheBounds {
  /** Rows kept of one list: the first ones, as the user scrolled through them. */
  listRows: number;
  /** Lists and single records, every address together. */
  entries: number;
  /** Rows of every entry together (a single record counts one). */
  rows: number;
}

export const DEFAULT_BOUNDS: CacheBounds = { listRows: 500, entries: 200, rows: 10_000 };

export interface EntrySize {
  id: string;
  savedAt: number;
  rows: number;
}

/**
 * The entries to drop, oldest-saved first, until what is left fits; `keep` (the entry just
 * written) is never dropped, so a write always lands even when its copy is the oldest.
 */
export function entriesToEvict(
  entries: readonly EntrySize[],
  keep: string,
  bounds: CacheBounds,
): string[] {
  let count = entries.length;
  let rows = entries.reduce((sum, entry) => sum + entry.rows, 0);
  const evicted: string[] = [];
  const oldestFirst = [...entries].sort((a, b) => a.savedAt - b.savedAt);
  for (const entry of oldestFirst) {
    if (count <= bounds.entries && rows <= bounds.rows) break;
    if (entry.id === keep) continue;
    evicted.push(entry.id);
    count -= 1;
    rows -= entry.rows;
  }
  return evicted;
}
