// What the user sees when a call fails (spec §8). A 401 is told by the session-end handler.
// A failure the server answered carries its request's id on a line of its own: the code a
// user quotes to support, who find the request in the server's logs by it.
import { t } from '@lingui/core/macro';
import {
  ApiError,
  BadAnswerError,
  ForbiddenError,
  HttpStatusError,
  InviteRequiredError,
  NoResponseError,
  RequestError,
  SignedOutError,
  UnauthorizedError,
} from '../api/requestErrors.ts';
import { toast } from './toast.ts';
import { isOnline } from './useOnline.ts';

/** A toast with a code to copy down stays this long. */
const SUPPORT_CODE_TOAST_MS = 10_000;

export function describeRequestError(error: unknown): string {
  return withSupportCode(describeFailure(error), error);
}

function describeFailure(error: unknown): string {
  if (error instanceof UnauthorizedError) return error.message || t`Please sign in again`;
  if (error instanceof SignedOutError) return t`Sign in to do this.`;
  if (error instanceof InviteRequiredError) return error.message || t`Please enter an invite code`;
  if (error instanceof ForbiddenError) return t`No permission`;
  if (error instanceof ApiError) return error.message || t`Request failed`;
  // No answer is not a server error (DESIGN "Offline"): offline, the device has no network
  // (the banner says so too); online, the connection dropped on the way.
  if (error instanceof NoResponseError)
    return isOnline() ? t`Network error, retry` : t`You are offline`;
  // A server error is one the server answered with.
  if (error instanceof HttpStatusError && error.status >= 500) return t`Server error, try later`;
  if (error instanceof HttpStatusError || error instanceof BadAnswerError) return t`Request failed`;
  return t`Request failed`;
}

/** `text`, and below it the failed request's id to quote to support, when it has one. */
export function withSupportCode(text: string, error: unknown): string {
  const id = error instanceof RequestError ? error.requestId : null;
  return id ? `${text}\n${t`Quote this code to support: ${id}`}` : text;
}

/**
 * Shows `text` (written with describeRequestError or withSupportCode) for a failed call. A
 * burst of the same failure shows once, though each request has its own code.
 */
export function toastFailure(text: string, error: unknown): void {
  const id = error instanceof RequestError ? error.requestId : null;
  if (id === null) return toast(text, 'error');
  toast(text, 'error', { durationMs: SUPPORT_CODE_TOAST_MS, key: text.replaceAll(id, '') });
}

export function reportRequestError(error: unknown): void {
  // api.ts already told the user about a lost session.
  if (error instanceof UnauthorizedError) return;
  toastFailure(describeRequestError(error), error);
}

/**
 * A read in the background failed: as reportRequestError, except that with the device offline
 * nothing is said — the offline banner already says it, and each screen shows its offline state.
 */
export function reportReadError(error: unknown): void {
  if (error instanceof NoResponseError && !isOnline()) return;
  // Signed out on a page of kept records: the page says so; a read is not an event.
  if (error instanceof SignedOutError) return;
  reportRequestError(error);
}
