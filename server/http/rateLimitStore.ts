// Where the rate-limit windows live (see rateLimiter.ts): the interface both stores
// implement, and the store in this process's memory used on SQLite, where one process serves
// everything. The PostgreSQL store is postgresRateLimitStore.ts.

/** What a store is asked about one key. */
export interface WindowRequest {
  readonly key: string;
  readonly windowMs: number;
  readonly max: number;
  /** Count one call (opening a window when none is current), or only read the window. */
  readonly count: boolean;
}

/** A key's current window after a request: calls in it and when it ends (ms since 1970). */
export interface WindowState {
  hits: number;
  endsAt: number;
}

/**
 * Where the windows live. `apply` handles the requests in order at `now`: once one is refused,
 * the later ones are neither counted nor read, and answer null. A read of a key without a
 * current window answers zero hits.
 */
export interface RateLimitStore {
  apply(requests: readonly WindowRequest[], now: number): Promise<(WindowState | null)[]>;
}

/** Refused: a counted call beyond `max`, or a read of a window already at `max`. */
export function isRefused(request: WindowRequest, state: WindowState): boolean {
  return state.hits + (request.count ? 0 : 1) > request.max;
}

// Beyond this many windows in memory, ended ones are dropped, then the oldest.
const MAX_MEMORY_WINDOWS = 100_000;

/** The windows in this process's memory: for SQLite, where one process serves everything. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, WindowState>();
  const open = (key: string, state: WindowState, time: number) => {
    if (windows.size >= MAX_MEMORY_WINDOWS) {
      for (const [name, window] of windows) if (window.endsAt <= time) windows.delete(name);
      if (windows.size >= MAX_MEMORY_WINDOWS) windows.delete(windows.keys().next().value!);
    }
    windows.set(key, state);
  };
  return {
    async apply(requests, time) {
      const states: (WindowState | null)[] = [];
      let refused = false;
      for (const request of requests) {
        if (refused) {
          states.push(null);
          continue;
        }
        let window = windows.get(request.key);
        if (window && window.endsAt <= time) {
          windows.delete(request.key);
          window = undefined;
        }
        if (request.count) {
          if (!window) {
            window = { hits: 0, endsAt: time + request.windowMs };
            open(request.key, window, time);
          }
          window.hits += 1;
        }
        const state = window ? { ...window } : { hits: 0, endsAt: time };
        states.push(state);
        refused = isRefused(request, state);
      }
      return states;
    },
  };
}
