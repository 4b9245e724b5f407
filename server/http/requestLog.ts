// The request log line. Some URLs carry a secret in their path (a photo upload link is a
// bearer token: whoever holds it may PUT once); the log must not hold a usable copy, at any
// level. Paths under a secret prefix are logged with the rest of the path and any query
// string replaced by a marker.
//
// Refused requests (4xx) get their line at info so support finds the request a user quotes,
// but a client refused in a flood must not fill the disk: their lines are sampled per client
// address (refusalLogSampler), the dropped ones counted in GET /metrics.
export const REDACTED = '[redacted]';

export function loggableUrl(url: string, secretPrefixes: readonly string[]): string {
  // Case-blind: a wrongly cased path is refused, but its token is still the real one.
  const pathname = (url.split('?', 1)[0] ?? '').toLowerCase();
  for (const prefix of secretPrefixes) {
    if (pathname.startsWith(prefix.toLowerCase())) return `${prefix}${REDACTED}`;
  }
  return url;
}

/** Refusal lines written per client address per minute; the rest are counted, not written. */
export const REFUSAL_LINES_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
/** Addresses remembered at once; beyond it, ended windows go, then the oldest. */
const MAX_ADDRESSES = 10_000;

export interface RefusalLogSampler {
  /**
   * Whether a refusal from `address` gets its line now; `droppedBefore`: lines of that address
   * dropped in its previous window, to write on this one (0 when none, or when not written).
   */
  take(address: string): { write: boolean; droppedBefore: number };
}

export function refusalLogSampler(
  now: () => number,
  linesPerMinute = REFUSAL_LINES_PER_MINUTE,
): RefusalLogSampler {
  const windows = new Map<string, { endsAt: number; written: number; dropped: number }>();
  return {
    take(address) {
      const time = now();
      let window = windows.get(address);
      let droppedBefore = 0;
      if (window && window.endsAt <= time) {
        droppedBefore = window.dropped;
        windows.delete(address);
        window = undefined;
      }
      if (!window) {
        if (windows.size >= MAX_ADDRESSES) {
          for (const [key, open] of windows) if (open.endsAt <= time) windows.delete(key);
          if (windows.size >= MAX_ADDRESSES) windows.delete(windows.keys().next().value!);
        }
        window = { endsAt: time + WINDOW_MS, written: 0, dropped: 0 };
        windows.set(address, window);
      }
      if (window.written >= linesPerMinute) {
        window.dropped += 1;
        return { write: false, droppedBefore: 0 };
      }
      window.written += 1;
      return { write: true, droppedBefore };
    },
  };
}
