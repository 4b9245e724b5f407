// A notice published while the user is signed in (a `user@notice` event) marks the notices
// entry of the home page and the menu with an unread dot, until the notices page is opened.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { atom, useAtomValue } from 'jotai';
import type { NavMark } from '../ui/NavList.tsx';

export const unreadNoticeAtom = atom(false);

const newNotice = msg({
  message: 'New notice',
  comment: 'Read out on the notices link when an announcement arrived since the list was opened.',
});

/** The mark for NavList while a notice is unread. */
export function useNoticeMark(): NavMark | undefined {
  const { i18n } = useLingui();
  return useAtomValue(unreadNoticeAtom) ? { to: '/notice', label: i18n._(newNotice) } : undefined;
}
