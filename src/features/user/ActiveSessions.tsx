// The user's active sessions (one per device or browser signed in), with the browser and
// device each signed in from and its start time: end one, or all of them (sign out
// everywhere). Each asks first.
import { Trans, useLingui } from '@lingui/react/macro';
import { authEndpoints, type SessionInfo } from '../../../contract/api/auth.ts';
import { useAction } from '../../state/actions/useAction.ts';
import { useApi } from '../../state/apiContext.tsx';
import { sessionListSource } from '../../state/queries/sessions.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { RecordList } from '../../ui/RecordList.tsx';
import { useRowHandler } from '../../ui/RecordRow.tsx';
import { signOut } from '../../signIn/signOut.ts';
import '../../ui/controls.css';

export function ActiveSessions() {
  const { i18n, t } = useLingui();
  const api = useApi();
  // Product names, the same in every language; the place of sign-in is not known.
  const sessionPlace = ({ browser, device }: SessionInfo) =>
    browser && device ? t`${browser} on ${device}` : (browser ?? device);
  const list = useRecordList(sessionListSource(api));
  const started = (session: SessionInfo) =>
    i18n.date(session.created_at, { dateStyle: 'medium', timeStyle: 'short' });

  const endOne = useAction(authEndpoints.sessionEnd, {
    successMessage: () => t`Session ended`,
    failureMessage: () => t`Ending the session failed, try again`,
    onSuccess: (_answer, { id }) => {
      if (list.items.find((session) => session.id === id)?.current)
        void signOut({ serverSessionEnded: true });
    },
  });
  const endAll = useAction(authEndpoints.logoutAll, {
    confirm: () => ({
      title: t`End all sessions?`,
      message: t`Every device signed in to your account, this one included, will be signed out.`,
      confirmText: t`End all sessions`,
    }),
    successMessage: () => t`All sessions ended`,
    failureMessage: () => t`Ending the sessions failed, try again`,
    onSuccess: () => void signOut({ serverSessionEnded: true }),
  });
  const busy = endOne.pending || endAll.pending;
  // Which devices are signed in is never kept offline: without a connection or a session
  // there is nothing to show or end, and the section says so rather than loading for good.
  const notKept = list.status === 'notKept' || (list.status === 'loading' && list.offline);

  // One function for the section's life (it acts on the list as it is when tapped): a refetch
  // that brings the same sessions redraws no row.
  const askToEnd = useRowHandler((session: SessionInfo) => {
    const startedAt = started(session);
    const where = sessionPlace(session);
    void endOne.submit(
      { id: session.id },
      {
        title: t`End this session?`,
        message: session.current
          ? t`This device will be signed out.`
          : where
            ? t`${where}, signed in on ${startedAt}, will be signed out.`
            : t`The device that signed in on ${startedAt} will be signed out.`,
        confirmText: t`End session`,
      },
    );
  });

  return (
    <section className="card stack" id="sessions" aria-labelledby="user-sessions">
      <h2 id="user-sessions" className="section-title">
        <Trans>Active sessions</Trans>
      </h2>
      {notKept ? (
        <p className="empty-state-text" role="status" data-testid="sessions-not-kept">
          <Trans>
            Sessions are not kept on this device. Connect and sign in to see and end them.
          </Trans>
        </p>
      ) : (
        <>
          <RecordList
            list={list}
            label={t`Active sessions`}
            itemKey={(session: SessionInfo) => session.id}
            renderItem={(session: SessionInfo) => (
              <SessionRow
                session={session}
                where={sessionPlace(session)}
                startedAt={started(session)}
                disabled={busy}
                onEnd={askToEnd}
              />
            )}
            rowDeps={[askToEnd, busy]}
          />
          <button
            type="button"
            className="button button-ghost button-block"
            disabled={busy || list.status !== 'ready'}
            onClick={() => void endAll.submit(undefined)}
          >
            <Trans>End all sessions</Trans>
          </button>
        </>
      )}
    </section>
  );
}

function SessionRow(props: {
  session: SessionInfo;
  /** Its browser and device, when known. */
  where: string | null;
  startedAt: string;
  disabled: boolean;
  onEnd: (session: SessionInfo) => void;
}) {
  const { t } = useLingui();
  const { startedAt } = props;
  const { where } = props;
  return (
    <div className="record-line" data-testid="session">
      <span>
        {where && (
          <>
            <strong data-testid="session-device">{where}</strong>
            <br />
          </>
        )}
        <Trans>Signed in {startedAt}</Trans>{' '}
        {props.session.current && (
          <span className="badge">
            <Trans>This device</Trans>
          </span>
        )}
      </span>
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={props.disabled}
        aria-label={t`End the session signed in ${startedAt}`}
        onClick={() => props.onEnd(props.session)}
      >
        <Trans>End</Trans>
      </button>
    </div>
  );
}
