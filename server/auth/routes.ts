// /api/v1/auth/*: sign-in message, login, registration status, logout, the user's sessions.
import type { FastifyRequest } from 'fastify';
import {
  type IsRegisterData,
  type LoginData,
  type LoginMessageData,
  type SessionsData,
  authEndpoints,
} from '../../contract/api/auth.ts';
import { createLoginMessage, login, type SignInSettings, type SignInSite } from './signIn.ts';
import { summarizeUserAgent } from '../../contract/api/userAgent.ts';
import { registrationStatus } from '../users/registration.ts';
import {
  deleteSession,
  endAllUserSessions,
  endUserSession,
  liveSessions,
  sessionIdOfToken,
} from '../sessions/sessions.ts';
import type { ServerSettings } from '../config.ts';
import { DomainError } from '../domainError.ts';
import { bearerToken } from '../http/authenticate.ts';
import { parseAddress } from '../http/input.ts';
import { requireSite } from '../http/origin.ts';
import { defineRoute } from '../http/route.ts';

/** The site a sign-in message is for: PUBLIC_URL, or a loopback origin (see http/origin.ts). */
function site(request: FastifyRequest, publicUrl: string | null): SignInSite {
  const { authority, origin } = requireSite(request, publicUrl);
  return { domain: authority, uri: origin };
}

/**
 * The User-Agent of a sign-in. A call sealed in the request envelope carries only the headers
 * the app sealed, so it is the envelope's own request's: the same browser sent both.
 */
function signInAgent(request: FastifyRequest): { userAgent?: string } {
  const agent = request.headers['user-agent'] ?? request.raw.headers['user-agent'];
  return agent ? { userAgent: agent } : {};
}

function signInSettings(settings: ServerSettings): SignInSettings {
  return {
    chainId: settings.chain.id,
    inviteRequired: settings.inviteRequired,
    sessionTtlSeconds: settings.sessionTtlSeconds,
  };
}

export const authRoutes = [
  defineRoute({
    endpoint: authEndpoints.loginMessage,
    async handler({ context, input, request }): Promise<LoginMessageData> {
      const { settings } = context;
      const message = await createLoginMessage(
        context.db,
        signInSettings(settings),
        site(request, settings.publicUrl),
        parseAddress(input.address),
        context.now(),
      );
      return { message };
    },
  }),
  defineRoute({
    endpoint: authEndpoints.login,
    async handler({ context, input, request }): Promise<LoginData> {
      const { settings } = context;
      const session = await login(
        context.db,
        signInSettings(settings),
        site(request, settings.publicUrl),
        {
          address: parseAddress(input.address),
          message: input.message,
          signature: input.sign_message,
          inviteCode: input.code ?? '',
          ...(input.device_id === undefined ? {} : { deviceId: input.device_id }),
          ...signInAgent(request),
        },
        context.now(),
      );
      return { token: session.token, expires_at: session.expiresAt.toISOString() };
    },
  }),
  defineRoute({
    endpoint: authEndpoints.isRegister,
    async handler({ context, input }): Promise<IsRegisterData> {
      const status = await registrationStatus(
        context.db,
        parseAddress(input.address),
        context.settings.inviteRequired,
        input.code,
      );
      return {
        registered: status.registered,
        invite_required: status.inviteRequired,
        ...(status.codeValid === undefined ? {} : { code_valid: status.codeValid }),
      };
    },
  }),
  defineRoute({
    endpoint: authEndpoints.logout,
    async handler({ context, request }): Promise<null> {
      await deleteSession(context.db, bearerToken(request)!);
      return null;
    },
  }),
  defineRoute({
    endpoint: authEndpoints.sessions,
    async handler({ context, user, request }): Promise<SessionsData> {
      const current = await sessionIdOfToken(context.db, bearerToken(request)!);
      const sessions = await liveSessions(context.db, user.id, context.now());
      return {
        total: sessions.length,
        list: sessions.map((session) => ({
          id: String(session.id),
          created_at: session.created_at,
          expires_at: session.expires_at,
          current: session.id === current,
          ...summarizeUserAgent(session.user_agent),
        })),
      };
    },
  }),
  // Only the owner's own sessions can be ended: another user's id is as unknown as a made-up one.
  defineRoute({
    endpoint: authEndpoints.sessionEnd,
    async handler({ context, user, input }): Promise<null> {
      if (!(await endUserSession(context.db, user.id, BigInt(input.id))))
        throw new DomainError('session_not_found', { data: { field: 'id' } });
      return null;
    },
  }),
  defineRoute({
    endpoint: authEndpoints.logoutAll,
    async handler({ context, user }): Promise<null> {
      await endAllUserSessions(context.db, user.id);
      return null;
    },
  }),
];
