// When a new version of the app may replace the running one. A new service worker waits; the
// user is offered it, and it is applied (skip waiting, then reload) only when nothing a reload
// would lose is under way. (updateChecks.ts looks for new versions.)
import { atom } from 'jotai';

/** Set when a new version is installed and waiting: calling it switches to it and reloads. */
export const applyUpdateAtom = atom<(() => void) | null>(null);

/** What is under way that a reload would throw away. */
export interface WorkInProgress {
  /** A form holds changes that were neither sent nor cleared. */
  unsavedForm: boolean;
  /** A payment is in the wallet or being handed to the server. */
  paymentInFlight: boolean;
  /** The sign-in flow is open (wallet prompts, invite code, signature). */
  signingIn: boolean;
}

/**
 * - `hidden`: no new version, or the user is signing in (a banner over the wallet's prompts
 *   would only distract, and the flow ends within moments);
 * - `afterWork`: a new version waits for the form to be sent or cleared, or the payment to be
 *   handed over; the user is told so, and nothing reloads;
 * - `ready`: the user may apply it now.
 */
export type UpdateOffer = 'hidden' | 'afterWork' | 'ready';

export function updateOffer(waiting: boolean, work: WorkInProgress): UpdateOffer {
  if (!waiting || work.signingIn) return 'hidden';
  if (work.unsavedForm || work.paymentInFlight) return 'afterWork';
  return 'ready';
}
