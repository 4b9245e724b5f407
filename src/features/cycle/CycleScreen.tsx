// /ticket/cycle (spec §4, §9 mutual aid): with a valid ticket, pay the cycle amount plus the
// activation extra on chain; after the cycle length the principal and the profit return to
// the JU balance. Returns come only from the funded mutual-aid pool: the screen shows its
// coverage, and a due return the pool cannot cover yet as 'pending payout'.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import type { Cycle } from '../../../contract/api/cycle.ts';
import type { Ticket } from '../../../contract/api/ticket.ts';
import { useApi } from '../../state/apiContext.tsx';
import { cycleListSource, useCycleConfig, useCyclePool } from '../../state/queries/cycle.ts';
import { myTicketsSource } from '../../state/queries/ticket.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount, formatCoinAmount } from '../../ui/Amount.tsx';
import { Field } from '../../ui/Field.tsx';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { RecordList } from '../../ui/RecordList.tsx';
import { NoticeAside } from '../../ui/NoticeAside.tsx';
import { paymentBlockedReason } from '../../payment/chainUnavailable.ts';
import { timeLeft, useNow } from '../../ui/countdown.ts';
import { PaymentProgress } from '../../payment/PaymentProgress.tsx';
import { usePayment } from '../../payment/usePayment.ts';
import { cycleStatusLabels, cycleStatusTone } from './cycleLabels.ts';
import { StatusPill } from '../../ui/StatusPill.tsx';
import { RecordTime } from '../../ui/RecordTime.tsx';
import { formatRecordTime } from '../../ui/recordTimeFormat.ts';
import '../../ui/records.css';
import '../../ui/controls.css';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Stat } from '../../ui/Stat.tsx';

export function CycleScreen({ initialTicket }: { initialTicket?: string | undefined }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const config = useCycleConfig();
  const tickets = useRecordList(myTicketsSource(api));
  const cycles = useRecordList(cycleListSource(api));
  const valid = tickets.items.filter((ticket) => ticket.status === 'valid');
  const [chosen, setChosen] = useState(initialTicket ?? '');
  const ticketId = valid.some((ticket) => ticket.id === chosen) ? chosen : (valid[0]?.id ?? '');
  const show = (value: string) => `${formatCoinAmount(value, 'JU', i18n.locale)} JU`;
  const total = config.data ? show(config.data.pay_total) : '';

  const payment = usePayment({
    kind: 'cycle',
    confirm: (input: { ticket_id: string }) => {
      const ticket = input.ticket_id;
      return {
        title: t`Join a mutual-aid cycle`,
        message: t`Pay ${total} from your wallet to start a cycle with ticket #${ticket}?`,
        confirmText: t`Pay`,
      };
    },
    payment: () => ({ treasury: config.data!.treasury!, amount: config.data!.pay_total }),
    successMessage: () => t`Cycle joined`,
    failureMessage: () => t`Joining the cycle failed, try again`,
  });

  const blockedReason = paymentBlockedReason(
    payment.disabledReason,
    config,
    t`Loading cycle settings…`,
  );
  // Without a valid ticket there is nothing to choose: a note in place of the form says why,
  // in a calm voice (right after joining, the ticket is in its cycle: that is success).
  const noTicket = tickets.status === 'ready' && valid.length === 0;
  const running = cycles.items.some((cycle) =>
    ['awaiting_payment', 'running'].includes(cycle.status),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (ticketId) void payment.submit({ ticket_id: ticketId });
  }

  const hours = config.data?.hours ?? 0;
  const amount = config.data ? show(config.data.amount) : '';
  const extra = config.data ? show(config.data.activation_extra) : '';
  const principal = config.data ? show(config.data.principal_return) : '';
  const profit = config.data ? show(config.data.profit) : '';
  return (
    <div className="stack">
      {config.data && (
        <NoticeAside heading={<Trans>How a cycle works</Trans>} testId="cycle-terms">
          <ul>
            <li>
              <Trans>
                Pay {amount} plus {extra} activation from your wallet: {total}.
              </Trans>
            </li>
            <li>
              <Trans>
                After <Plural value={hours} one="# hour" other="# hours" />, {principal} principal
                and {profit} profit return to your JU balance.
              </Trans>
            </li>
            <li>
              <Trans>You can join again with a valid ticket once a cycle ends.</Trans>
            </li>
          </ul>
        </NoticeAside>
      )}
      <PoolCoverage version={cycles.items.map((cycle) => cycle.status).join()} />
      {noTicket ? (
        <>
          <PaymentProgress payment={payment} />
          <section className="card stack" data-testid="cycle-no-ticket">
            <p>
              {running ? (
                <Trans>
                  Your ticket is in its cycle. You can join again with a valid ticket once it ends.
                </Trans>
              ) : (
                <Trans>You need a valid ticket to join a cycle.</Trans>
              )}
            </p>
            <Link to="/ticket/buy" className="button button-ghost button-block">
              <Trans>Buy a ticket</Trans>
            </Link>
          </section>
        </>
      ) : (
        <form className="stack" onSubmit={onSubmit} noValidate>
          <section className="card">
            <Field label={<Trans>Ticket</Trans>}>
              {(control) => (
                <select
                  {...control}
                  className="field-input field-select"
                  value={ticketId}
                  onChange={(event) => setChosen(event.target.value)}
                >
                  {valid.map(({ id }: Ticket) => (
                    <option key={id} value={id}>
                      {t`Ticket #${id}`}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </section>
          <PaymentProgress payment={payment} />
          <MoneyFormActions
            action={payment}
            blockedReason={blockedReason ?? (ticketId ? null : t`Loading your tickets…`)}
            submitLabel={<Trans>Join for {total}</Trans>}
          />
        </form>
      )}
      <h2 className="section-title">
        <Trans>My cycles</Trans>
      </h2>
      <RecordList
        list={cycles}
        label={t`My cycles`}
        itemKey={(row: Cycle) => row.id}
        empty={<Trans>No cycles yet</Trans>}
        renderItem={(row: Cycle) => <CycleItem row={row} />}
        rowDeps={[]}
      />
    </div>
  );
}

/** `version` changes whenever a cycle changes state: the coverage is fetched again then. */
function PoolCoverage({ version }: { version: string }) {
  const { t } = useLingui();
  const pool = useCyclePool();
  const { refetch } = pool;
  useEffect(() => {
    void refetch();
  }, [version, refetch]);
  if (!pool.data) return null;
  const count = pool.data.pending_payout_count;
  return (
    <TitledSection
      data-testid="cycle-pool"
      data-covered={String(pool.data.covered)}
      titleId="pool-title"
      title={<Trans>Mutual-aid pool</Trans>}
    >
      <dl className="stat-grid">
        <Stat label={<Trans>Funded</Trans>}>
          <Amount value={pool.data.funded} coin="JU" />
        </Stat>
        <Stat label={<Trans>Owed to members</Trans>}>
          <Amount value={pool.data.owed} coin="JU" />
        </Stat>
      </dl>
      {/* Not covering every return yet is how a pool grows: a warning only once one is due. */}
      <p className={count > 0 ? 'warning' : 'muted'} role="status">
        {pool.data.covered
          ? t`The pool covers every return owed.`
          : t`The pool does not cover every return owed yet: due returns wait as pending payout until it is funded.`}
      </p>
      {count > 0 && (
        <p className="warning" data-testid="cycle-pending-payout">
          <Plural
            value={count}
            one="# return is due and waiting for the pool:"
            other="# returns are due and waiting for the pool:"
          />{' '}
          <Amount value={pool.data.pending_payout} coin="JU" />
        </p>
      )}
    </TitledSection>
  );
}

function CycleItem({ row }: { row: Cycle }) {
  const { i18n } = useLingui();
  const ticket = row.ticket_id;
  const paidAt = row.paid_at ? formatRecordTime(row.paid_at, i18n.locale) : '';
  return (
    <div className="record-body" data-testid="cycle-record" data-status={row.status}>
      <span className="record-line">
        <span className="record-title">
          <Trans>Cycle with ticket #{ticket}</Trans>
        </span>
        <StatusPill label={cycleStatusLabels[row.status]} tone={cycleStatusTone[row.status]} />
      </span>
      <span className="record-line">
        <RecordTime value={row.created_at} />
        <Amount className="record-amount" value={row.paid_in} coin="JU" />
      </span>
      <span className="record-meta">
        <Trans>
          Returns <Amount value={row.principal_return} coin="JU" /> +{' '}
          <Amount value={row.profit} coin="JU" /> profit
        </Trans>
      </span>
      {row.status === 'running' && row.due_at && <ReturnsIn dueAt={row.due_at} />}
      {row.status === 'pending_payout' && (
        <span className="record-meta warning">
          <Trans>Due, waiting for the mutual-aid pool to be funded.</Trans>
        </span>
      )}
      {row.status === 'paid' && paidAt && (
        <span className="record-meta">
          <Trans>Returned to your balance on {paidAt}</Trans>
        </span>
      )}
    </div>
  );
}

/** The time left until a running cycle returns: it alone ticks, not its row or the list. */
function ReturnsIn({ dueAt }: { dueAt: string }) {
  const { days, hours, minutes } = timeLeft(dueAt, useNow(30_000));
  return (
    <span className="record-meta">
      <Trans>
        Returns in {days} d {hours} h {minutes} min
      </Trans>
    </span>
  );
}
