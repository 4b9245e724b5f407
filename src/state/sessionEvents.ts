// Every change to the signed-in session is one of these named events, applied by one pure
// reducer, so the rules (what a sign-out clears, what a 401 clears) live in one place.
import type { UserInfo } from '../../contract/api/user.ts';

export interface Session {
  /** Held in memory only: never written to any web storage, cookie or cache. */
  token: string | null;
  expiresAt: string | null;
  address: string | null;
  user: UserInfo | null;
  inviteUrl: string | null;
  selectedCard: unknown;
  pledgeDetail: unknown;
  paymentInfo: unknown;
  currentNotice: unknown;
}

export type SessionEvent =
  | { type: 'signedIn'; token: string; expiresAt: string; address: string }
  | { type: 'userLoaded'; user: UserInfo }
  | { type: 'signedOut' }
  /** `message` is the server's; `leavePage` (HTTP 401) also sends the user to the start page. */
  | { type: 'unauthorized'; message?: string; leavePage?: boolean }
  | { type: 'cardSelected'; card: unknown }
  | { type: 'pledgeDetailLoaded'; detail: unknown }
  | { type: 'paymentInfoLoaded'; info: unknown }
  | { type: 'noticeOpened'; notice: unknown };

export const signedOutSession: Session = {
  token: null,
  expiresAt: null,
  address: null,
  user: null,
  inviteUrl: null,
  selectedCard: null,
  pledgeDetail: null,
  paymentInfo: null,
  currentNotice: null,
};

export function sessionReducer(session: Session, event: SessionEvent): Session {
  switch (event.type) {
    case 'signedIn':
      return {
        ...signedOutSession,
        token: event.token,
        expiresAt: event.expiresAt,
        address: event.address,
      };
    case 'userLoaded':
      if (!session.token) return session;
      return { ...session, user: event.user, inviteUrl: event.user.invite_url };
    case 'signedOut':
    case 'unauthorized':
      return signedOutSession;
    case 'cardSelected':
      return { ...session, selectedCard: event.card };
    case 'pledgeDetailLoaded':
      return { ...session, pledgeDetail: event.detail };
    case 'paymentInfoLoaded':
      return { ...session, paymentInfo: event.info };
    case 'noticeOpened':
      return { ...session, currentNotice: event.notice };
  }
}
