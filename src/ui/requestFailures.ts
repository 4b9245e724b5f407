// What the user sees when a call fails (spec §8). A 401 is told by the session-end handler.
import { t } from '@lingui/core/macro';
import {
  ApiError,
  BadAnswerError,
  ForbiddenError,
  HttpStatusError,
  InviteRequiredError,
  NoResponseError,
  UnauthorizedError,
} from '../api/requestErrors.ts';
import { toast } from './toast.ts';

export function describeRequestError(error: unknown): string {
  if (error instanceof UnauthorizedError) return error.message || t`Please sign in again`;
  if (error instanceof InviteRequiredError) return error.message || t`Please enter an invite code`;
  if (error instanceof ForbiddenError) return t`No permission`;
  if (error instanceof ApiError) return error.message || t`Request failed`;
  if (error instanceof NoResponseError) return t`Server error, try later`;
  if (error instanceof HttpStatusError || error instanceof BadAnswerError) return t`Request failed`;
  return t`Request failed`;
}

export function reportRequestError(error: unknown): void {
  // api.ts already told the user about a lost session.
  if (error instanceof UnauthorizedError) return;
  toast(describeRequestError(error), 'error');
}
