// /ticket/mine (menu 'my tickets', spec §4, §9): each ticket with its state — valid, in a
// cycle, invalidated — and, while valid, the time left before 3 idle days invalidate it.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Ticket } from '../../../contract/api/ticket.ts';
import { useApi } from '../../state/apiContext.tsx';
import { myTicketsSource } from '../../state/queries/ticket.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { shortAddress } from '../../ui/format.ts';
import { RecordList } from '../../ui/RecordList.tsx';
import { timeLeft, useNow } from '../../ui/countdown.ts';
import { StatusPill } from '../../ui/StatusPill.tsx';
import { ticketStatusLabels, ticketStatusTone } from './ticketLabels.ts';
import { RecordTime } from '../../ui/RecordTime.tsx';
import '../../ui/records.css';
import './ticket.css';

export function MyTicketsScreen() {
  const { t } = useLingui();
  const list = useRecordList(myTicketsSource(useApi()));
  const now = useNow(30_000);
  return (
    <div className="stack">
      <nav className="row ticket-actions" aria-label={t`Ticket actions`}>
        <Link to="/ticket/buy" className="button button-primary button-small">
          <Trans>Buy a ticket</Trans>
        </Link>
        <Link to="/ticket/cycle" className="button button-ghost button-small">
          <Trans>Mutual-aid cycles</Trans>
        </Link>
        <Link to="/enuRelease" className="button button-ghost button-small">
          <Trans>Dividend release</Trans>
        </Link>
        <Link to="/enuFrom" className="button button-ghost button-small">
          <Trans>Ticket source</Trans>
        </Link>
      </nav>
      <p className="muted" data-testid="purchased-tickets-note">
        <Trans>
          Bought on the chain, used to join cycles. They are apart from your ticket balance, which
          you can send to other users.
        </Trans>
      </p>
      <RecordList
        list={list}
        label={t`Purchased tickets`}
        itemKey={(row: Ticket) => row.id}
        empty={<Trans>No tickets yet</Trans>}
        renderItem={(row: Ticket) => <TicketItem row={row} now={now} />}
      />
    </div>
  );
}

function TicketItem({ row, now }: { row: Ticket; now: number }) {
  const hash = shortAddress(row.hash);
  const id = row.id;
  const left = row.expires_at ? timeLeft(row.expires_at, now) : null;
  const { days, hours, minutes } = left ?? { days: 0, hours: 0, minutes: 0 };
  return (
    <div className="record-body" data-testid="ticket-record" data-status={row.status}>
      <span className="record-line">
        <span className="record-title">
          <Trans>Ticket #{id}</Trans>
        </span>
        <StatusPill label={ticketStatusLabels[row.status]} tone={ticketStatusTone[row.status]} />
      </span>
      <span className="record-line">
        <RecordTime value={row.bought_at} />
        <Amount className="record-amount" value={row.price} coin="JU" />
      </span>
      <span className="record-meta mono">
        <Trans>Transaction {hash}</Trans>
      </span>
      {row.status === 'valid' && left && (
        <span className="record-meta" data-testid="ticket-time-left">
          <Trans>
            Invalidated in {days} d {hours} h {minutes} min without an operation
          </Trans>
        </span>
      )}
      {row.status === 'in_cycle' && (
        <span className="record-meta">
          <Trans>In a mutual-aid cycle: it does not expire meanwhile.</Trans>
        </span>
      )}
      {row.status === 'valid' && (
        <Link
          to="/ticket/cycle"
          search={{ ticket: row.id }}
          className="button button-ghost button-small"
        >
          <Trans>Join a mutual-aid cycle</Trans>
        </Link>
      )}
    </div>
  );
}
