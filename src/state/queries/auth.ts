import {
  authPaths,
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
