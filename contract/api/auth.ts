// Sign-in contract (spec §7; design "Login message"): the server hands out an EIP-4361
// message with a single-use nonce, the wallet signs it, and login trades the signature for a
// session token.
import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';

export const authPaths = {
  loginMessage: '/api/v1/auth/loginMessage',
  login: '/api/v1/auth/login',
  isRegister: '/api/v1/auth/isRegister',
  logout: '/api/v1/auth/logout',
  sessions: '/api/v1/auth/sessions',
  sessionEnd: '/api/v1/auth/sessionEnd',
  logoutAll: '/api/v1/auth/logoutAll',
} as const;

/** A wallet address as typed or sent by a wallet; the server checks it properly (EIP-55). */
const addressInput = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64));

/** GET loginMessage: query string. */
export const loginMessageQuerySchema = v.object({ address: addressInput });
export type LoginMessageQuery = v.InferOutput<typeof loginMessageQuerySchema>;

export const loginMessageDataSchema = v.object({ message: v.string() });
export type LoginMessageData = v.InferOutput<typeof loginMessageDataSchema>;

/**
 * The browser's id: random, made once per browser and kept in localStorage. Not a secret
 * and no credential: it only lets a new sign-in end the same browser's earlier sessions.
 */
export const deviceIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));

/**
 * POST login. `code` is the invite code; empty when the user has none. With `device_id`,
 * the user's earlier sessions from that browser end: one session per browser.
 */
export const loginRequestSchema = v.object({
  address: addressInput,
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  sign_message: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  code: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(64))), ''),
  device_id: v.optional(deviceIdSchema),
});
export type LoginRequest = v.InferInput<typeof loginRequestSchema>;

export const loginDataSchema = v.object({
  token: v.string(),
  /** ISO 8601 UTC; the session ends then however active it is. */
  expires_at: v.string(),
});
export type LoginData = v.InferOutput<typeof loginDataSchema>;

/**
 * POST isRegister: does this wallet already have an account, and would it need a code? With
 * `code`, also whether that invite code exists, so the app can check it before the signature.
 */
export const isRegisterRequestSchema = v.object({
  address: addressInput,
  code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64))),
});
export type IsRegisterRequest = v.InferOutput<typeof isRegisterRequestSchema>;

export const isRegisterDataSchema = v.object({
  registered: v.boolean(),
  invite_required: v.boolean(),
  /** Only when a code was sent: whether it belongs to a user. */
  code_valid: v.optional(v.boolean()),
});
export type IsRegisterData = v.InferOutput<typeof isRegisterDataSchema>;

/** POST logout: no body; ends the session whose token is sent. */
export const logoutDataSchema = v.null();

/** GET sessions: the signed-in user's live sessions, newest first (at most 10, one per browser). */
export const sessionSchema = v.object({
  id: v.string(),
  /** ISO 8601 UTC: when the user signed in. */
  created_at: v.string(),
  /** ISO 8601 UTC: when the session ends by itself. */
  expires_at: v.string(),
  /** Whether this is the session the request came with. */
  current: v.boolean(),
  /** The browser it signed in from (api/userAgent.ts); null when unknown. */
  browser: v.optional(v.nullable(v.string()), null),
  /** The kind of device it signed in from (api/userAgent.ts); null when unknown. */
  device: v.optional(v.nullable(v.string()), null),
});
export type SessionInfo = v.InferOutput<typeof sessionSchema>;

export const sessionsDataSchema = v.object({
  list: v.array(sessionSchema),
  total: v.number(),
});
export type SessionsData = v.InferOutput<typeof sessionsDataSchema>;

/** POST sessionEnd: ends one of the user's own sessions (the current one too). */
export const sessionEndRequestSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,17}$/)),
});
export type SessionEndRequest = v.InferOutput<typeof sessionEndRequestSchema>;

export const sessionEndDataSchema = v.null();

/** POST logoutAll: no body; ends every session of the user, this one included. */
export const logoutAllDataSchema = v.null();

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const authEndpoints = {
  loginMessage: defineEndpoint({
    method: 'GET',
    path: authPaths.loginMessage,
    auth: 'none',
    input: loginMessageQuerySchema,
    output: loginMessageDataSchema,
    ipRateLimit: 'loginMessage',
  }),
  login: defineEndpoint({
    method: 'POST',
    path: authPaths.login,
    auth: 'none',
    input: loginRequestSchema,
    output: loginDataSchema,
    ipRateLimit: 'login',
  }),
  isRegister: defineEndpoint({
    method: 'POST',
    path: authPaths.isRegister,
    auth: 'none',
    input: isRegisterRequestSchema,
    output: isRegisterDataSchema,
    ipRateLimit: 'isRegister',
    userRateLimit: 'isRegister',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: authPaths.logout,
    output: v.null(),
    changes: ['sessions'],
  }),
  sessions: defineEndpoint({ method: 'GET', path: authPaths.sessions, output: sessionsDataSchema }),
  sessionEnd: defineEndpoint({
    method: 'POST',
    path: authPaths.sessionEnd,
    input: sessionEndRequestSchema,
    output: v.null(),
    changes: ['sessions'],
  }),
  logoutAll: defineEndpoint({
    method: 'POST',
    path: authPaths.logoutAll,
    output: v.null(),
    changes: ['sessions'],
  }),
};
