// The signed-in user's sessions (devices). The server keeps at most ten per user
// (server/auth/sessions.ts), so the list comes whole, in the one list shape.
import { authEndpoints, type SessionInfo } from '../../../contract/api/auth.ts';
import type { ApiClient } from '../../api/client.ts';
import type { RecordListSource } from '../records/recordList.ts';

export const SESSION_LIST = 'sessions';

export function sessionListSource(api: ApiClient): RecordListSource<SessionInfo> {
  return {
    name: SESSION_LIST,
    // Which devices are signed in is the account's own business, and stale at once offline.
    keepOffline: false,
    fetchPage: (_page, _pageSize, signal) =>
      api.call(authEndpoints.sessions, undefined, { signal }),
  };
}
