import { type LoginRequest, authEndpoints } from '../../../contract/api/auth.ts';
import type { ApiClient } from '../../api/client.ts';

export function fetchLoginMessage(client: ApiClient, address: string) {
  return client.call(authEndpoints.loginMessage, { address });
}

export function postLogin(client: ApiClient, body: LoginRequest) {
  return client.call(authEndpoints.login, body);
}

export function postLogout(client: ApiClient) {
  return client.call(authEndpoints.logout);
}

/**
 * Has this wallet address an account, and would it need an invite code? With `code`, also
 * whether that invite code exists. The server limits how often anyone may ask.
 */
export function fetchRegistration(client: ApiClient, address: string, code?: string) {
  return client.call(authEndpoints.isRegister, code ? { address, code } : { address });
}
