// /api/v1/auth/*: sign-in message, login, registration status, logout.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  authPaths,
  isRegisterRequestSchema,
  loginMessageQuerySchema,
  loginRequestSchema,
  type IsRegisterData,
  type LoginData,
  type LoginMessageData,
} from '../../src/api/auth.ts';
import { createLoginMessage, login, type SignInSettings, type SignInSite } from '../auth/signIn.ts';
import { registrationStatus } from '../users/registration.ts';
import { deleteSession } from '../auth/sessions.ts';
import type { ServerContext } from '../context.ts';
import { bearerToken, requireUser } from '../http/authenticate.ts';
import { parseAddress, parseInput } from '../http/input.ts';
import { requestAuthority, requestOrigin } from '../http/origin.ts';
import type { RateLimitSetting } from '../config.ts';

function rateLimit(setting: RateLimitSetting) {
  return { rateLimit: { max: setting.max, timeWindow: setting.windowMs } };
}

/**
 * The site a sign-in message is for. With PUBLIC_URL set it is that, whatever Host header
 * arrives: otherwise a phishing site could fetch a message for its own domain straight
 * from this server, have the user sign it there without a wallet warning, and replay it.
 */
function site(request: FastifyRequest, publicUrl: string | null): SignInSite {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { domain: url.host, uri: url.origin };
  }
  return { domain: requestAuthority(request), uri: requestOrigin(request) };
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
        body.code,
      );
      return replies.success<IsRegisterData>(request, {
        registered: status.registered,
        invite_required: status.inviteRequired,
        ...(status.codeValid === undefined ? {} : { code_valid: status.codeValid }),
      });
    },
  );

  app.post(authPaths.logout, async (request) => {
    await requireUser(context, request);
    await deleteSession(db, bearerToken(request)!);
    return replies.success(request, null);
  });
}
