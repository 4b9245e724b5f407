import {
  authPaths,
  isRegisterDataSchema,
  loginDataSchema,
  loginMessageDataSchema,
  logoutDataSchema,
  type LoginRequest,
} from '../../api/auth.ts';
import type { ApiClient } from '../../api/client.ts';

export function fetchLoginMessage(client: ApiClient, address: string) {
  return client.request({
    method: 'GET',
    path: authPaths.loginMessage,
    query: { address },
    data: loginMessageDataSchema,
  });
}

export function postLogin(client: ApiClient, body: LoginRequest) {
  return client.request({ method: 'POST', path: authPaths.login, body, data: loginDataSchema });
}

export function postLogout(client: ApiClient) {
  return client.request({ method: 'POST', path: authPaths.logout, data: logoutDataSchema });
}

/**
 * Has this wallet address an account, and would it need an invite code? With `code`, also
 * whether that invite code exists. The server limits how often anyone may ask.
 */
export function fetchRegistration(client: ApiClient, address: string, code?: string) {
  return client.request({
    method: 'POST',
    path: authPaths.isRegister,
    body: code ? { address, code } : { address },
    data: isRegisterDataSchema,
  });
}
