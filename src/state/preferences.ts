// Non-secret settings that survive a reload. Nothing here may identify a session.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { Locale } from '../../contract/i18n/locales.ts';

export type Theme = 'system' | 'light' | 'dark';

const opts = { getOnInit: true } as const;

export const localeAtom = atomWithStorage<Locale | null>('ju.locale', null, undefined, opts);
export const themeAtom = atomWithStorage<Theme>('ju.theme', 'system', undefined, opts);
/** The address last signed in, to offer a one-tap sign-in after a reload. */
export const lastAddressAtom = atomWithStorage<string | null>(
  'ju.lastAddress',
  null,
  undefined,
  opts,
);
/** The wallet (its name in the wallet list) last signed in with, for the one-tap sign-in. */
export const lastWalletAtom = atomWithStorage<string | null>(
  'ju.lastWallet',
  null,
  undefined,
  opts,
);
/** An invite code from an invite link, kept until the first sign-in uses it. */
export const pendingInviteCodeAtom = atomWithStorage<string>('ju.inviteCode', '', undefined, opts);
/**
 * The code a sign-in used, for this page's life: the invite link's address still carries it,
 * and reading that address again (after a sign-out) must not bring it back.
 */
export const usedInviteCodeAtom = atom('');
