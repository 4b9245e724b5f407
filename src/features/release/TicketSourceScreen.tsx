// /enuFrom (spec §2 'ticket source'): where each ticket and its dividend came from — a
// purchase on chain or a dividend application — with its hash and state.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketSourceRow } from '../../../contract/api/ticket.ts';
import { useApi } from '../../state/apiContext.tsx';
import { ticketSourceLogSource } from '../../state/queries/ticket.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { shortAddress } from '../../ui/format.ts';
import { RecordList } from '../../ui/RecordList.tsx';
import { RecordTime } from '../../ui/RecordTime.tsx';
import '../../ui/records.css';

const sourceLabels: Record<TicketSourceRow['source'], MessageDescriptor> = {
  chain_purchase: msg`Ticket purchase on chain`,
  dividend_application: msg`Ticket dividend application`,
};

export function TicketSourceScreen() {
  const { t, i18n } = useLingui();
  const list = useRecordList(ticketSourceLogSource(useApi()));
  return (
    <RecordList
      list={list}
      label={t`Ticket source`}
      itemKey={(row: TicketSourceRow) => row.id}
      empty={<Trans>No ticket sources yet</Trans>}
      renderItem={(row: TicketSourceRow) => {
        const hash = shortAddress(row.hash);
        return (
          <div className="record-body" data-testid="ticket-source" data-source={row.source}>
            <span className="record-line">
              <span className="record-title">{i18n._(sourceLabels[row.source])}</span>
              <Amount className="record-amount" value={row.amount} coin="JU" />
            </span>
            <span className="record-line">
              <RecordTime value={row.created_at} />
              <span className="record-meta mono">
                <Trans>Transaction {hash}</Trans>
              </span>
            </span>
          </div>
        );
      }}
    />
  );
}
