// A card as kept on the device (balance and state, never its number): what its page shows
// while the live card cannot be fetched, with the age of the copy and the card's records.
import { Trans, useLingui } from '@lingui/react/macro';
import { type CardBalance, rechargeOnTheWay } from '../../../state/queries/card/cards.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { RecordAge } from '../../../ui/KeptCopy.tsx';
import { StatusPill } from '../../../ui/StatusPill.tsx';
import { cardStatusLabels, cardTone, cardTypeLabels } from '../cardLabels.ts';
import { CardRecords } from './CardRecords.tsx';

export function KeptCard({
  card,
  asOf,
  offline,
}: {
  card: CardBalance;
  asOf: Date | null;
  offline: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="stack">
      <RecordAge asOf={asOf} offline={offline} />
      <section className="card-face" aria-label={t`Card`} data-testid="card-face">
        <span className="row">
          <strong>{i18n._(cardTypeLabels[card.type])}</strong>
          <StatusPill label={cardStatusLabels[card.status]} tone={cardTone(card.status)} />
        </span>
        <CardMoney card={card} />
      </section>
      <CardRecords cardId={card.id} />
    </div>
  );
}

/** A card face's money: its balance, and a recharge on its way (live or kept alike). */
export function CardMoney({ card }: { card: CardBalance }) {
  return (
    <>
      <span className="row">
        <span>
          <Trans>Balance</Trans>
        </span>
        <strong data-testid="card-balance">
          <Amount value={card.balance} coin={card.coin} />
        </strong>
      </span>
      {rechargeOnTheWay(card) && (
        <span className="row" data-testid="card-recharging">
          <span>
            <Trans>Recharge on its way</Trans>
          </span>
          <Amount value={card.pending_recharge} coin={card.coin} />
        </span>
      )}
    </>
  );
}
