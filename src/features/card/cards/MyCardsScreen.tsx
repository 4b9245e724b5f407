// /mineCard and /mineBank (spec §2, the same page), and /bank/virtual_pay (the virtual cards
// to pay online with): the user's cards with type, last digits, status and balance.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Card } from '../../../../contract/api/card/cards.ts';
import { useApi } from '../../../state/apiContext.tsx';
import { myCardListSource, rechargeOnTheWay } from '../../../state/queries/card/cards.ts';
import { useRecordList } from '../../../state/records/recordList.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { RecordList } from '../../../ui/RecordList.tsx';
import { StatusPill } from '../../../ui/StatusPill.tsx';
import { cardStatusLabels, cardTone, cardTypeLabels } from '../cardLabels.ts';
import '../card.css';

export function MyCardsScreen({ virtualOnly = false }: { virtualOnly?: boolean }) {
  const { t } = useLingui();
  const list = useRecordList(myCardListSource(useApi(), virtualOnly ? 'virtual' : undefined));
  return (
    <div className="stack">
      {virtualOnly && (
        <p className="notice">
          <Trans>
            Pay online with a virtual card: open it, show its number with your wallet and enter the
            number, expiry and CVV at the merchant.
          </Trans>
        </p>
      )}
      <RecordList
        list={list}
        label={virtualOnly ? t`Virtual cards` : t`My cards`}
        itemKey={(row: Card) => row.id}
        empty={<Trans>No cards yet</Trans>}
        renderItem={(row: Card) => <CardItem row={row} />}
        rowDeps={[]}
      />
      <Link
        to={virtualOnly ? '/bank/virtual_apply' : '/bank'}
        className="button button-ghost button-block"
      >
        {virtualOnly ? <Trans>Apply for a virtual card</Trans> : <Trans>Card service</Trans>}
      </Link>
    </div>
  );
}

function CardItem({ row }: { row: Card }) {
  const { i18n } = useLingui();
  return (
    <Link
      to="/bank/cardDetail/$id"
      params={{ id: row.id }}
      className="record-body"
      data-testid="card-record"
      data-status={row.status}
    >
      <span className="record-line">
        <span className="record-title">
          {i18n._(cardTypeLabels[row.type])}
          {/* A kept row has no number (keptCardRow). */}
          {row.masked_number && (
            <>
              {' · '}
              <span className="mono">{row.masked_number}</span>
            </>
          )}
        </span>
        <StatusPill label={cardStatusLabels[row.status]} tone={cardTone(row.status)} />
      </span>
      <span className="record-line">
        <span className="record-meta">{row.holder_name}</span>
        <Amount className="record-amount" value={row.balance} coin={row.coin} />
      </span>
      {rechargeOnTheWay(row) && (
        <span className="record-line record-meta">
          <span>
            <Trans>Recharge on its way</Trans>
          </span>
          <Amount value={row.pending_recharge} coin={row.coin} />
        </span>
      )}
    </Link>
  );
}
