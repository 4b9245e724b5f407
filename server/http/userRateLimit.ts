// A fixed-window counter per signed-in user, for money calls: a user is limited however
// many sessions or IP addresses they use. In memory, like the per-IP limits: one server
// process holds the state (see docs/operations.md).
import type { RateLimitSetting } from '../config.ts';
import { DomainError } from '../domainError.ts';

export interface UserRateLimiter {
  /** Counts one call under `key`; throws rate_limited when the window is full. */
  consume(key: string, setting: RateLimitSetting): void;
}

/**
 * `onRefused` hears of each refusal, by the part of its key before the first colon (the
 * limit's name, as the route runner writes keys: `money:42`).
 */
export function createUserRateLimiter(
  now: () => Date,
  onRefused: (limit: string) => void = () => {},
): UserRateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    consume(key, setting) {
      const time = now().getTime();
      let window = windows.get(key);
      if (!window || time - window.startedAt >= setting.windowMs) {
        // Expired windows are dropped as they are met, so the map stays the size of the
        // users active within one window.
        if (windows.size > 10_000) {
          for (const [name, old] of windows)
            if (time - old.startedAt >= setting.windowMs) windows.delete(name);
        }
        window = { startedAt: time, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > setting.max) {
        onRefused(key.split(':', 1)[0]!);
        const retryAfterMs = window.startedAt + setting.windowMs - time;
        throw new DomainError('rate_limited', {
          data: { retry_after_seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
        });
      }
    },
  };
}
