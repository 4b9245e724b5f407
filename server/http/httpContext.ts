// What the HTTP layer needs besides the server context the domain sees: the operator's token,
// the answer builder and the rate limiter. Built once at start-up (main.ts).
import type { ServerContext } from '../context.ts';
import type { RateLimiter } from './rateLimiter.ts';
import type { Replies } from './replies.ts';

export interface HttpContext extends ServerContext {
  readonly adminToken: string;
  readonly replies: Replies;
  /** Every rate limit: per IP, per user, failed authentications (see rateLimiter.ts). */
  readonly rateLimiter: RateLimiter;
}
