// What a failed call can turn out to be, one small class each (spec §8, request errors).
// The client throws them; src/ui/requestFailures.ts decides what the user sees.

export class RequestError extends Error {
  override name = 'RequestError';
  /** The answer's X-Request-Id, when there was an answer: the code a user quotes to support. */
  requestId: string | null = null;
}

/** The server answered with a non-200 `code`; `message` is the server's, in the user's language. */
export class ApiError extends RequestError {
  override name = 'ApiError';
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  constructor(code: number, message: string, status: number, data: unknown = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** The session is gone (body code 401, or HTTP 401): sign out. */
export class UnauthorizedError extends RequestError {
  override name = 'UnauthorizedError';
  /** HTTP 401 also sends the user back to the start page. */
  readonly leavePage: boolean;
  constructor(message: string, leavePage: boolean) {
    super(message);
    this.leavePage = leavePage;
  }
}

/**
 * Not sent: the call needs a session and there is none (signed out, reading what the device
 * kept). No request leaves the device.
 */
export class SignedOutError extends RequestError {
  override name = 'SignedOutError';
}

/** HTTP 401 with body code 200: this wallet needs an invite code to register. */
export class InviteRequiredError extends RequestError {
  override name = 'InviteRequiredError';
}

/** HTTP 403. */
export class ForbiddenError extends RequestError {
  override name = 'ForbiddenError';
}

/** Any other HTTP failure status. */
export class HttpStatusError extends RequestError {
  override name = 'HttpStatusError';
  readonly status: number;
  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}

/** No answer at all: offline, refused, timed out. */
export class NoResponseError extends RequestError {
  override name = 'NoResponseError';
}

/** An answer that does not match the contract. */
export class BadAnswerError extends RequestError {
  override name = 'BadAnswerError';
}
