// /ticket/apply (spec §2, §4, §5): apply for the ticket dividend with the purchase
// transaction hash — filled in with the user's latest purchase not applied with yet, or pasted
// for one made elsewhere — and the application records. One application per user (a refused
// one does not count); a purchase is applied with once, by the wallet that paid it: a purchase
// sent from another of the user's wallets needs that wallet's signed claim.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { apiErrors } from '../../../contract/api/errors.ts';
import { ApiError } from '../../api/requestErrors.ts';
import {
  ticketApplyRequestSchema,
  type TicketApplication,
  ticketEndpoints,
} from '../../../contract/api/ticket.ts';
import { useApi } from '../../state/apiContext.tsx';
import { useAction } from '../../state/actions/useAction.ts';
import { ticketApplicationsSource, useTicketConfig } from '../../state/queries/ticket.ts';
import { addressAtom } from '../../state/session.ts';
import { shortAddress } from '../../ui/format.ts';
import { toast } from '../../ui/toast.ts';
import { toChecksumAddress } from '../../../contract/wallet/address.ts';
import { WalletError } from '../../wallet/walletErrors.ts';
import { walletMessages } from '../../signIn/walletMessages.ts';
import { signPayerClaim } from '../../payment/payerClaim.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { schemaCheck, useForm } from '../../ui/useForm.ts';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { StatusPill } from '../../ui/StatusPill.tsx';
import { applicationStatusLabels, applicationStatusTone } from './ticketLabels.ts';
import { RecordTime } from '../../ui/RecordTime.tsx';
import '../../ui/records.css';
import '../../ui/controls.css';
import { CodeField } from '../../ui/CodeField.tsx';

const checkApplication = schemaCheck<typeof ticketApplyRequestSchema, 'hash'>(
  ticketApplyRequestSchema,
);

/** The purchase came from another wallet: the one whose signed claim would make it the user's. */
function claimableSender(error: unknown, hash: string): { hash: string; sender: string } | null {
  if (!(error instanceof ApiError) || error.code !== apiErrors.payment_wrong_sender.code)
    return null;
  const sender = (error.data as { sender?: unknown } | null)?.sender;
  return typeof sender === 'string' ? { hash, sender } : null;
}

export function TicketApplyScreen({ initialHash = '' }: { initialHash?: string }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const address = useAtomValue(addressAtom);
  const config = useTicketConfig();
  // Null until the user types: the user's latest purchase not applied with yet shows then.
  const form = useForm<{ hash: string | null }, 'hash'>({
    initial: { hash: initialHash || null },
    check: (values) => checkApplication({ hash: values.hash ?? suggested ?? '' }),
    fields: ['hash'],
  });
  const { errors } = form;
  const [claim, setClaim] = useState<{ hash: string; sender: string } | null>(null);
  const [signing, setSigning] = useState(false);
  const list = useRecordList(ticketApplicationsSource(api));
  const suggested = config.data?.unapplied_hash ?? null;
  const live = config.data?.live_application ?? null;

  const hash = form.values.hash ?? suggested ?? '';

  const action = useAction(ticketEndpoints.apply, {
    confirm: (input) => ({
      title: t`Dividend application`,
      message: `${t`Apply for the ticket dividend with this transaction?`}\n${input.hash ?? ''}`,
      confirmText: t`Apply`,
    }),
    successMessage: () => t`Application submitted`,
    failureMessage: () => t`Application failed, try again`,
    onSuccess: () => {
      form.reset({ hash: '' });
      setClaim(null);
    },
    onFailure: (error) => {
      setClaim(claimableSender(error, hash.trim().toLowerCase()));
      return form.refusedFields(error);
    },
  });

  function send() {
    return action.submit({ hash: hash.trim().toLowerCase() });
  }

  async function signClaim() {
    if (!claim || !address) return;
    setSigning(true);
    try {
      const signature = await signPayerClaim({ ...claim, account: address });
      await action.submit({ hash: claim.hash, payer_claim: signature });
    } catch (error) {
      toast(
        error instanceof WalletError ? i18n._(walletMessages[error.kind]) : t`Signing failed`,
        'error',
      );
    } finally {
      setSigning(false);
    }
  }

  const sender = claim ? shortAddress(toChecksumAddress(claim.sender)) : '';
  return (
    <div className="stack">
      <aside
        className="notice"
        aria-label={t({ message: 'Notice', context: 'please note' })}
        data-testid="apply-terms"
      >
        <strong>
          <Trans>The ticket dividend</Trans>
        </strong>
        <ul>
          <li>
            <Trans>
              The dividend is released to you over time, worked out from the price of one ticket you
              bought. Apply with that purchase's transaction hash.
            </Trans>
          </li>
          <li>
            <Trans>
              Each user has one application. If it is refused, you can apply again with another
              purchase.
            </Trans>
          </li>
          <li>
            <Trans>Only the wallet that paid for a ticket can apply with its purchase.</Trans>
          </li>
        </ul>
      </aside>
      {live ? (
        <LiveApplication row={live} />
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            // Whatever the outcome, the claim offered for an earlier hash no longer applies.
            setClaim(null);
            form.onSubmit(send)(event);
          }}
          noValidate
        >
          <section className="card">
            <CodeField
              label={<Trans>Transaction hash</Trans>}
              error={errors.hash}
              hint={<Trans>The hash of your ticket purchase: 0x followed by 64 characters.</Trans>}
              name="hash"
              value={hash}
              onChange={(value) => form.set('hash', value)}
              placeholder="0x…"
            />
          </section>
          {claim && (
            <section className="card stack" data-testid="payer-claim" aria-live="polite">
              <p>
                <Trans>
                  This purchase was paid from {sender}, not from the wallet you signed in with. If
                  that wallet is yours too, sign a short claim with it: your wallet asks you to
                  connect it, then to sign. Signing costs nothing.
                </Trans>
              </p>
              <button
                type="button"
                className="button button-primary button-block"
                disabled={signing || action.pending || action.disabledReason !== null}
                onClick={() => void signClaim()}
              >
                {signing ? (
                  <Trans>Waiting for your wallet…</Trans>
                ) : (
                  <Trans>Sign the claim with {sender}</Trans>
                )}
              </button>
            </section>
          )}
          <MoneyFormActions
            action={action}
            blockedReason={action.disabledReason}
            submitLabel={<Trans>Apply</Trans>}
          />
        </form>
      )}
      <h2 className="section-title">
        <Trans>Application records</Trans>
      </h2>
      <RecordList
        list={list}
        label={t`Application records`}
        itemKey={(row: TicketApplication) => row.id}
        empty={<Trans>No applications yet</Trans>}
        renderItem={(row: TicketApplication) => <ApplicationItem row={row} />}
      />
    </div>
  );
}

/** The user's one application, while it is pending or approved: it takes the form's place. */
function LiveApplication({ row }: { row: TicketApplication }) {
  return (
    <section className="card stack" data-testid="live-application" aria-labelledby="live-title">
      <h2 id="live-title" className="section-title">
        <Trans>Your application</Trans>
      </h2>
      <ApplicationItem row={row} />
      <p className="muted">
        {row.status === 'approved' ? (
          <Trans>Approved: your dividend is being released to you.</Trans>
        ) : (
          <Trans>Under review. You can apply again only if this application is refused.</Trans>
        )}
      </p>
      {row.status === 'approved' && (
        <Link to="/enuRelease" className="button button-primary button-block">
          <Trans>Dividend release</Trans>
        </Link>
      )}
    </section>
  );
}

function ApplicationItem({ row }: { row: TicketApplication }) {
  const reason = row.reason ?? '';
  return (
    <div className="record-body" data-testid="ticket-application" data-status={row.status}>
      <span className="record-line">
        <span className="record-meta mono break">{row.hash}</span>
      </span>
      <span className="record-line">
        <RecordTime value={row.created_at} />
        <StatusPill
          label={applicationStatusLabels[row.status]}
          tone={applicationStatusTone[row.status]}
        />
      </span>
      {row.reason && row.status === 'rejected' && (
        <span className="record-meta">
          <Trans>Reason: {reason}</Trans>
        </span>
      )}
    </div>
  );
}
