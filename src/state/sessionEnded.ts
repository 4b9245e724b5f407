// A session ends in one of two ways: the user (or a wallet switch) signs out, or the server
// says the session is gone (a 401). Whoever ends it only dispatches the event; the one handler
// installed by main.tsx does the clean-up (queries, offline records, wallet watch, navigation).

export type SessionEnd =
  | { type: 'signedOut'; address: string | null }
  | {
      type: 'unauthorized';
      address: string | null;
      message: string;
      leavePage: boolean;
      /**
       * Refused well before the time it was to end by itself: it was ended on purpose, from
       * another device (the server forgets an ended session, so only the app can tell).
       */
      endedElsewhere: boolean;
    };

type Listener = (end: SessionEnd) => void;
const listeners = new Set<Listener>();

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionEnded(end: SessionEnd): void {
  for (const listener of listeners) listener(end);
}
