// Live updates for the signed-in session (DESIGN "Realtime"). The root route loads this once
// someone is signed in — never for a visitor, never in read-only mode — and renders one per
// session (keyed by the token, so an account switch starts a new hub with no offsets); the
// hub stops, closing its socket with 1000, the moment the session ends.
//
// It also says where the connection stands, where it matters: the `data-realtime-state` (and
// `data-realtime-error`) attribute of <html> always, the menu's 'Live updates' row, and a
// status line under the header only when the connection has been failing for a while or the
// hub has paused after its last attempt — not for a blip.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { realtimeEndpoints, REALTIME_STREAMS, CLOSE_CODES } from '../../contract/api/realtime.ts';
import { SignedOutError, UnauthorizedError } from '../api/requestErrors.ts';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import { useApi } from '../state/apiContext.tsx';
import { refreshAreas } from '../state/queries/cacheAreas.ts';
import { onSessionEnded } from '../state/sessionEnded.ts';
import { browserClock, browserSignals, openWebSocket, socketUrl } from './browserConnection.ts';
import { applyEvent, areasOf } from './events.ts';
import { createHub, type Hub, type HubDeps, type HubSnapshot } from './hub.ts';
import { unreadNoticeAtom } from './noticeBadge.ts';
import { realtimeErrorLabels, realtimeStatusAtom } from './realtimeStatus.ts';
import '../ui/controls.css';

/** The browser's socket, clock and signals; tests hand in fakes. */
export type Connection = Pick<HubDeps, 'openSocket' | 'clock' | 'signals'>;

const browserConnection: Connection = {
  openSocket: openWebSocket,
  clock: browserClock,
  signals: browserSignals,
};

/**
 * From this reconnect attempt on (about 7 s of failing after a drop: 1 s, 2 s, 4 s) the status
 * line says so; a server restart that is over in a few seconds shows nothing.
 */
export const STATUS_LINE_FROM_ATTEMPT = 3;

export default function RealtimeHost({
  connection = browserConnection,
}: {
  connection?: Connection;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const setStatus = useSetAtom(realtimeStatusAtom);
  const unread = useAtomValue(unreadNoticeAtom);
  const setUnread = useSetAtom(unreadNoticeAtom);
  const hub = useRef<Hub | null>(null);

  useEffect(() => {
    const root = document.documentElement;
    const show = (snapshot: HubSnapshot) => {
      setStatus(snapshot);
      root.dataset.realtimeState = snapshot.state;
      if (snapshot.error) root.dataset.realtimeError = snapshot.error;
      else delete root.dataset.realtimeError;
    };
    const created = createHub({
      ...connection,
      fetchTicket: (signal) =>
        api.call(realtimeEndpoints.wsTicket, undefined, { signal }).catch((error: unknown) => {
          // Signed out meanwhile (a 401 ends the session in the API client): stop.
          if (error instanceof UnauthorizedError || error instanceof SignedOutError) return null;
          throw error;
        }),
      socketUrl: (ticket) => socketUrl(runtimeConfig().realtime_url, ticket),
      onEvent: (event) => applyEvent(event, { queryClient, markNotice: () => setUnread(true) }),
      onMissed: (streams) => void refreshAreas(queryClient, areasOf(streams)),
      onClosedForGood: (code) => {
        // The server ended the session (sign-out elsewhere, expiry): one more ticket request
        // meets the 401, and the app's session handling does the rest. (A ticket it does get
        // is never used and expires in 30 s.)
        if (code === CLOSE_CODES.sessionEnded)
          void api.call(realtimeEndpoints.wsTicket).catch(() => undefined);
      },
    });
    hub.current = created;
    const stopShowing = created.onChange(show);
    // Whatever ends the session closes the socket at once, before this part unmounts.
    const stopOnSessionEnd = onSessionEnded(() => created.stop());
    created.subscribe(REALTIME_STREAMS);
    created.start();
    show(created.snapshot());
    return () => {
      stopOnSessionEnd();
      created.stop();
      show(created.snapshot());
      stopShowing();
      hub.current = null;
      setStatus(null);
      setUnread(false);
    };
  }, [api, queryClient, connection, setStatus, setUnread]);

  // Opening the notices page reads the news: the mark goes (and a notice arriving while the
  // list is on screen never sets it for long).
  const onNotices = useRouterState({
    select: (state) => /^\/notice\/?$/.test(state.location.pathname),
  });
  useEffect(() => {
    if (onNotices && unread) setUnread(false);
  }, [onNotices, unread, setUnread]);

  return <StatusLine onRetry={() => hub.current?.retryNow()} />;
}

/** Under the header while live updates fail for more than a blip; empty (and silent) otherwise. */
function StatusLine({ onRetry }: { onRetry: () => void }) {
  const { i18n } = useLingui();
  const status = useAtomValue(realtimeStatusAtom);
  const paused = status?.state === 'error';
  const failing =
    paused || (status?.state === 'reconnecting' && status.attempt >= STATUS_LINE_FROM_ATTEMPT);
  // The live region is always there, so a screen reader hears the line when it appears.
  return (
    <div className={failing ? 'realtime-status' : undefined} data-testid="realtime-status">
      <p className="realtime-status-text" role="status">
        {failing && status.error && <strong>{i18n._(realtimeErrorLabels[status.error])} </strong>}
        {failing &&
          (paused ? (
            <Trans>Live updates are off for now: lists refresh when you open them.</Trans>
          ) : (
            <Trans>Reconnecting live updates…</Trans>
          ))}
      </p>
      {paused && (
        <button type="button" className="button button-small button-ghost" onClick={onRetry}>
          <Trans>Reconnect now</Trans>
        </button>
      )}
    </div>
  );
}
