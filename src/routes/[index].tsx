import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { HomeScreen } from '../features/home/HomeScreen.tsx';
import { pendingInviteCodeAtom, usedInviteCodeAtom } from '../state/preferences.ts';
import { tokenAtom } from '../state/session.ts';

const searchSchema = v.object({
  // An invite link carries the referrer's code: /index?code=ABC123
  code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32))),
  // The protected page a signed-out user asked for; the home page returns there after sign-in.
  redirect: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

export const Route = createFileRoute('/index')({
  validateSearch: (search) =>
    v.parse(searchSchema, {
      code: typeof search.code === 'string' ? search.code : undefined,
      redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    }),
  beforeLoad: ({ search, context }) => {
    // A signed-in user has a team already, and a code a sign-in used is spent: neither comes
    // back when the address is read again after a sign-out.
    const { store } = context;
    if (search.code && !store.get(tokenAtom) && store.get(usedInviteCodeAtom) !== search.code)
      store.set(pendingInviteCodeAtom, search.code);
  },
  staticData: { title: msg`Home`, keepAlive: true },
  // The first screen: its component travels with the app's start-up file, not as a chunk
  // loaded after it.
  codeSplitGroupings: [],
  component: HomeScreen,
});
