import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../contract/api/user.ts';
import {
  sessionReducer,
  signedOutSession,
  type Session,
} from '../../../src/state/sessionEvents.ts';

const user: UserInfo = {
  code: 'ABCD1234',
  name: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  zhi_num: 1,
  team_num: 2,
  me_performance: '0',
  team_performance: '0',
  level: 0,
  invite_url: 'http://localhost/index?code=ABCD1234',
  activated_at: null,
  created_at: '2026-11-21T00:00:00.000Z',
  balances: { JU: '0', USDT: '0', TICKET: '0' },
};

const signedIn = sessionReducer(signedOutSession, {
  type: 'signedIn',
  token: 't',
  expiresAt: '2026-11-22T00:00:00.000Z',
  address: user.address,
});

describe('session events', () => {
  it('signing in keeps token and address and nothing from before', () => {
    const before: Session = { ...signedOutSession, selectedCard: { id: 1 } };
    const after = sessionReducer(before, {
      type: 'signedIn',
      token: 't',
      expiresAt: 'e',
      address: 'a',
    });
    expect(after).toMatchObject({ token: 't', address: 'a', selectedCard: null, user: null });
  });

  it('loading the user sets user and invite url', () => {
    const after = sessionReducer(signedIn, { type: 'userLoaded', user });
    expect(after.user).toBe(user);
    expect(after.inviteUrl).toBe(user.invite_url);
  });

  it('a user answer arriving after sign-out is ignored', () => {
    expect(sessionReducer(signedOutSession, { type: 'userLoaded', user })).toBe(signedOutSession);
  });

  it.each(['signedOut', 'unauthorized'] as const)(
    '%s clears token, user, address and invite url',
    (type) => {
      const loaded = sessionReducer(signedIn, { type: 'userLoaded', user });
      const withCard = sessionReducer(loaded, { type: 'cardSelected', card: { id: 9 } });
      expect(sessionReducer(withCard, { type })).toEqual(signedOutSession);
    },
  );
});
