// The user's active sessions (one per device or browser signed in), with their start time:
// end one, or all of them (sign out everywhere). Each asks first.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionInfo } from '../../api/auth.ts';
import { useApi } from '../../state/apiContext.tsx';
import { postLogoutAll, postSessionEnd, useSessions } from '../../state/queries/sessions.ts';
import { confirm, ConfirmCancelled } from '../../ui/confirm.ts';
import { reportRequestError } from '../../ui/requestFailures.ts';
import { toast } from '../../ui/toast.ts';
import { signOut } from '../auth/signOut.ts';

/** Asks; true when the user confirmed. */
async function confirmed(options: Parameters<typeof confirm>[0]): Promise<boolean> {
  try {
    return await confirm(options);
  } catch (error) {
    if (error instanceof ConfirmCancelled) return false;
    throw error;
  }
}

export function ActiveSessions() {
  const { i18n, t } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useSessions();
  const [busy, setBusy] = useState(false);
  const started = (session: SessionInfo) =>
    i18n.date(session.created_at, { dateStyle: 'medium', timeStyle: 'short' });

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      reportRequestError(error);
    } finally {
      setBusy(false);
    }
  };

  const endOne = async (session: SessionInfo) => {
    const startedAt = started(session);
    const ok = await confirmed({
      title: t`End this session?`,
      message: session.current
        ? t`This device will be signed out.`
        : t`The device that signed in on ${startedAt} will be signed out.`,
      confirmText: t`End session`,
    });
    if (!ok) return;
    await run(async () => {
      await postSessionEnd(api, session.id);
      toast(t`Session ended`, 'success');
      if (session.current) await signOut({ serverSessionEnded: true });
      else await queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] });
    });
  };

  const endAll = async () => {
    const ok = await confirmed({
      title: t`End all sessions?`,
      message: t`Every device signed in to your account, this one included, will be signed out.`,
      confirmText: t`End all sessions`,
    });
    if (!ok) return;
    await run(async () => {
      await postLogoutAll(api);
      toast(t`All sessions ended`, 'success');
      await signOut({ serverSessionEnded: true });
    });
  };

  return (
    <section className="card" id="sessions" aria-labelledby="user-sessions">
      <h2 id="user-sessions" className="section-title">
        <Trans>Active sessions</Trans>
      </h2>
      {isPending ? (
        <p>
          <Trans>Loading…</Trans>
        </p>
      ) : isError || !data ? (
        <div className="row">
          <p>
            <Trans>Could not load your sessions</Trans>
          </p>
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => void refetch()}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <ul className="stack" aria-label={t`Active sessions`} data-testid="session-list">
          {data.list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              startedAt={started(session)}
              disabled={busy}
              onEnd={() => void endOne(session)}
            />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button-ghost button-block"
        disabled={busy || isPending}
        onClick={() => void endAll()}
      >
        <Trans>End all sessions</Trans>
      </button>
    </section>
  );
}

function SessionRow(props: {
  session: SessionInfo;
  startedAt: string;
  disabled: boolean;
  onEnd: () => void;
}) {
  const { t } = useLingui();
  const { startedAt } = props;
  return (
    <li className="row" data-testid="session">
      <span>
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
        onClick={props.onEnd}
      >
        <Trans>End</Trans>
      </button>
    </li>
  );
}
