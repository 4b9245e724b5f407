// /api/v1/auth/*: sign-in message, login, registration status, logout.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  authPaths,
  isRegisterRequestSchema,
  loginMessageQuerySchema,
  loginRequestSchema,
  sessionEndRequestSchema,
  type IsRegisterData,
  type LoginData,
  type LoginMessageData,
  type SessionsData,
} from '../../src/api/auth.ts';
import { createLoginMessage, login, type SignInSettings, type SignInSite } from '../auth/signIn.ts';
import { registrationStatus } from '../users/registration.ts';
import {
  deleteSession,
  endAllUserSessions,
  endUserSession,
  liveSessions,
} from '../auth/sessions.ts';
import type { ServerContext } from '../context.ts';
import { ApiFailure } from '../http/apiFailure.ts';
import { bearerToken, requireSession, requireUser } from '../http/authenticate.ts';
import { parseAddress, parseInput } from '../http/input.ts';
import { requireSite } from '../http/origin.ts';
import type { RateLimitSetting } from '../config.ts';

function rateLimit(setting: RateLimitSetting) {
  return { rateLimit: { max: setting.max, timeWindow: setting.windowMs } };
}

/** The site a sign-in message is for: PUBLIC_URL, or a loopback origin (see http/origin.ts). */
function site(request: FastifyRequest, publicUrl: string | null): SignInSite {
  const { authority, origin } = requireSite(request, publicUrl);
  return { domain: authority, uri: origin };
}

export function registerAuthRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db, replies, settings } = context;
  const signIn: SignInSettings = {
    chainId: settings.chain.id,
    inviteRequired: settings.inviteRequired,
    sessionTtlSeconds: settings.sessionTtlSeconds,
  };

  app.get(
    authPaths.loginMessage,
    { config: rateLimit(settings.rateLimits.loginMessage) },
    async (request) => {
      const query = parseInput(loginMessageQuerySchema, request.query);
      const address = parseAddress(query.address);
      const message = await createLoginMessage(
        db,
        signIn,
        site(request, settings.publicUrl),
        address,
        context.now(),
      );
      return replies.success<LoginMessageData>(request, { message });
    },
  );

  app.post(authPaths.login, { config: rateLimit(settings.rateLimits.login) }, async (request) => {
    const body = parseInput(loginRequestSchema, request.body);
    const session = await login(
      db,
      signIn,
      site(request, settings.publicUrl),
      {
        address: parseAddress(body.address),
        message: body.message,
        signature: body.sign_message,
        inviteCode: body.code ?? '',
      },
      context.now(),
    );
    return replies.success<LoginData>(request, {
      token: session.token,
      expires_at: session.expiresAt.toISOString(),
    });
  });

  app.post(
    authPaths.isRegister,
    { config: rateLimit(settings.rateLimits.loginMessage) },
    async (request) => {
      const body = parseInput(isRegisterRequestSchema, request.body);
      const status = await registrationStatus(
        db,
        parseAddress(body.address),
        settings.inviteRequired,
      );
      return replies.success<IsRegisterData>(request, {
        registered: status.registered,
        invite_required: status.inviteRequired,
      });
    },
  );

  app.post(authPaths.logout, async (request) => {
    await requireUser(context, request);
    await deleteSession(db, bearerToken(request)!);
    return replies.success(request, null);
  });

  app.get(authPaths.sessions, async (request) => {
    const { user, sessionId } = await requireSession(context, request);
    const sessions = await liveSessions(db, user.id, context.now());
    return replies.success<SessionsData>(request, {
      total: sessions.length,
      list: sessions.map((session) => ({
        id: String(session.id),
        created_at: session.created_at,
        expires_at: session.expires_at,
        current: session.id === sessionId,
      })),
    });
  });

  // Only the owner's own sessions can be ended: another user's id is as unknown as a made-up one.
  app.post(authPaths.sessionEnd, async (request) => {
    const { user } = await requireSession(context, request);
    const body = parseInput(sessionEndRequestSchema, request.body);
    if (!(await endUserSession(db, user.id, BigInt(body.id))))
      throw new ApiFailure('session_not_found', { data: { field: 'id' } });
    return replies.success(request, null);
  });

  app.post(authPaths.logoutAll, async (request) => {
    const { user } = await requireSession(context, request);
    await endAllUserSessions(db, user.id);
    return replies.success(request, null);
  });
}
