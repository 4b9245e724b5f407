import { atom } from 'jotai';
import {
  type Session,
  type SessionEvent,
  sessionReducer,
  signedOutSession,
} from './sessionEvents.ts';

export const sessionAtom = atom<Session>(signedOutSession);

/** The only way to change the session: dispatch a named event. */
export const dispatchSessionAtom = atom(null, (get, set, event: SessionEvent) => {
  set(sessionAtom, sessionReducer(get(sessionAtom), event));
});

export const tokenAtom = atom((get) => get(sessionAtom).token);
export const addressAtom = atom((get) => get(sessionAtom).address);
