// /ticket/apply (spec §2, §4, §5): apply for the ticket dividend with the purchase
// transaction hash — filled in after a purchase here, or pasted for one made elsewhere — and
// the application records. One application per user; a hash is accepted once.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ticketApplyRequestSchema, type TicketApplication } from '../../api/ticket.ts';
import { useApi } from '../../state/apiContext.tsx';
import { useMoneyAction } from '../../state/money/useMoneyAction.ts';
import { postTicketApply, ticketApplicationsSource } from '../../state/queries/ticket.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Field } from '../../ui/Field.tsx';
import { checkForm, showFieldErrors, type FieldErrors } from '../../ui/formErrors.ts';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { StatusPill } from '../wallet/StatusPill.tsx';
import { applicationStatusLabels, applicationStatusTone } from './ticketLabels.ts';
import { RecordTime } from '../../ui/RecordTime.tsx';
import '../../ui/records.css';

type ApplyField = 'hash';
const FIELDS: readonly ApplyField[] = ['hash'];

export function TicketApplyScreen({ initialHash = '' }: { initialHash?: string }) {
  const { t } = useLingui();
  const api = useApi();
  const [hash, setHash] = useState(initialHash);
  const [errors, setErrors] = useState<FieldErrors<ApplyField>>({});
  const list = useRecordList(ticketApplicationsSource(api));

  const action = useMoneyAction({
    confirm: (input: { hash: string }) => ({
      title: t`Ticket dividend application`,
      message: `${t`Apply for the ticket dividend with this transaction?`}\n${input.hash}`,
      confirmText: t`Apply`,
    }),
    run: (input, key) => postTicketApply(api, input, key),
    successMessage: () => t`Application submitted`,
    failureMessage: () => t`Application failed, try again`,
    onSuccess: () => setHash(''),
    onFailure: showFieldErrors(FIELDS, setErrors),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const check = checkForm<typeof ticketApplyRequestSchema, ApplyField>(ticketApplyRequestSchema, {
      hash,
    });
    setErrors(check.ok ? {} : check.errors);
    if (check.ok) void action.submit({ hash: check.output.hash });
  }

  return (
    <div className="stack">
      <form className="stack" onSubmit={onSubmit} noValidate>
        <section className="card">
          <Field
            label={<Trans>Transaction hash</Trans>}
            error={errors.hash}
            hint={<Trans>The hash of your ticket purchase: 0x followed by 64 characters.</Trans>}
          >
            {(control) => (
              <input
                {...control}
                className="field-input mono"
                name="hash"
                value={hash}
                onChange={(event) => setHash(event.target.value)}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                placeholder="0x…"
              />
            )}
          </Field>
        </section>
        <MoneyFormActions
          action={action}
          blockedReason={action.disabledReason}
          submitLabel={<Trans>Apply</Trans>}
        />
      </form>
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
