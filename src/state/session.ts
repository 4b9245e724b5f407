import { atom } from 'jotai';
import {
  type Session,
  type SessionEvent,
  sessionReducer,
  signedOutSession,
} from './sessionEvents.ts';
import { notifySessionEnded } from './sessionEnded.ts';

export const sessionAtom = atom<Session>(signedOutSession);

/** The only way to change the session: dispatch a named event. */
export const dispatchSessionAtom = atom(null, (get, set, event: SessionEvent) => {
  const before = get(sessionAtom);
  set(sessionAtom, sessionReducer(before, event));
  if (!before.token) return;
  if (event.type === 'signedOut')
    notifySessionEnded({ type: 'signedOut', address: before.address });
  if (event.type === 'unauthorized') {
    notifySessionEnded({
      type: 'unauthorized',
      address: before.address,
      message: event.message ?? '',
      leavePage: event.leavePage ?? false,
      endedElsewhere: endedBeforeItsTime(before.expiresAt, Date.now()),
    });
  }
});

/** Leeway for a device clock behind the server's: a session this close to its end expired. */
const EXPIRY_LEEWAY_MS = 5 * 60_000;

export function endedBeforeItsTime(expiresAt: string | null, now: number): boolean {
  if (expiresAt === null) return false;
  const end = Date.parse(expiresAt);
  return Number.isFinite(end) && now < end - EXPIRY_LEEWAY_MS;
}

export const tokenAtom = atom((get) => get(sessionAtom).token);
export const addressAtom = atom((get) => get(sessionAtom).address);
