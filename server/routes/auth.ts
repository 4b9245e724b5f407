// /api/v1/auth/*: sign-in message, login, registration status, logout.
import type { FastifyRequest } from 'fastify';
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
import type { ServerSettings } from '../config.ts';
import { bearerToken } from '../http/authenticate.ts';
import { parseAddress } from '../http/input.ts';
import { requestAuthority, requestOrigin } from '../http/origin.ts';
import { defineRoute } from '../http/route.ts';

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

function signInSettings(settings: ServerSettings): SignInSettings {
  return {
    chainId: settings.chain.id,
    inviteRequired: settings.inviteRequired,
    sessionTtlSeconds: settings.sessionTtlSeconds,
  };
}

export const authRoutes = [
  defineRoute({
    method: 'GET',
    path: authPaths.loginMessage,
    auth: 'none',
    input: loginMessageQuerySchema,
    ipRateLimit: 'loginMessage',
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
    method: 'POST',
    path: authPaths.login,
    auth: 'none',
    input: loginRequestSchema,
    ipRateLimit: 'login',
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
        },
        context.now(),
      );
      return { token: session.token, expires_at: session.expiresAt.toISOString() };
    },
  }),
  defineRoute({
    method: 'POST',
    path: authPaths.isRegister,
    auth: 'none',
    input: isRegisterRequestSchema,
    ipRateLimit: 'loginMessage',
    async handler({ context, input }): Promise<IsRegisterData> {
      const status = await registrationStatus(
        context.db,
        parseAddress(input.address),
        context.settings.inviteRequired,
      );
      return { registered: status.registered, invite_required: status.inviteRequired };
    },
  }),
  defineRoute({
    method: 'POST',
    path: authPaths.logout,
    auth: 'user',
    async handler({ context, request }): Promise<null> {
      await deleteSession(context.db, bearerToken(request)!);
      return null;
    },
  }),
];
