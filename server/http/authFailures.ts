// The per-IP limit on failed authentications: a client that keeps presenting wrong or expired
// tokens is refused for a while (authenticate.ts asks before it checks a token).
import type { RateLimitSetting } from '../config.ts';

// Beyond this many addresses in the table, the oldest are forgotten (memory stays bounded).
const MAX_TRACKED_ADDRESSES = 100_000;

/** Failed authentications per client IP in fixed windows, on the server's clock. */
export class AuthFailureLimiter {
  readonly #setting: RateLimitSetting;
  readonly #now: () => Date;
  readonly #windows = new Map<string, { start: number; failures: number }>();

  constructor(setting: RateLimitSetting, now: () => Date) {
    this.#setting = setting;
    this.#now = now;
  }

  /** Seconds until `ip` may try again, or null when it may try now. */
  retryAfterSeconds(ip: string): number | null {
    const window = this.#current(ip);
    if (!window || window.failures < this.#setting.max) return null;
    const left = window.start + this.#setting.windowMs - this.#now().getTime();
    return Math.max(1, Math.ceil(left / 1000));
  }

  recordFailure(ip: string): void {
    const window = this.#current(ip);
    if (window) {
      window.failures += 1;
      return;
    }
    if (this.#windows.size >= MAX_TRACKED_ADDRESSES) this.#forgetExpired();
    if (this.#windows.size >= MAX_TRACKED_ADDRESSES)
      this.#windows.delete(this.#windows.keys().next().value!);
    this.#windows.set(ip, { start: this.#now().getTime(), failures: 1 });
  }

  #current(ip: string) {
    const window = this.#windows.get(ip);
    if (!window) return undefined;
    if (this.#now().getTime() >= window.start + this.#setting.windowMs) {
      this.#windows.delete(ip);
      return undefined;
    }
    return window;
  }

  #forgetExpired(): void {
    for (const ip of [...this.#windows.keys()]) this.#current(ip);
  }
}
