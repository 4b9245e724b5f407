// What the HTTP layer needs besides the server context the domain sees: the operator's token,
// the answer builder and the failed-authentication limiter. Built once at start-up (main.ts).
import type { ServerContext } from '../context.ts';
import type { AuthFailureLimiter } from './authFailures.ts';
import type { Replies } from './replies.ts';

export interface HttpContext extends ServerContext {
  readonly adminToken: string;
  readonly replies: Replies;
  /** Failed authentications per client IP (see authFailures.ts). */
  readonly authFailures: AuthFailureLimiter;
}
