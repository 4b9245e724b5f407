// /bank (spec §2): the card hub — my cards, holders, addresses and applications with the
// state of each at a glance, and the one next step to take.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import type { DeliveryAddress } from '../../../contract/api/card/addresses.ts';
import type { CardApplication } from '../../../contract/api/card/applications.ts';
import type { Card } from '../../../contract/api/card/cards.ts';
import type { HolderSummary } from '../../../contract/api/card/holders.ts';
import { useApi } from '../../state/apiContext.tsx';
import { addressListSource } from '../../state/queries/card/addresses.ts';
import { applicationListSource } from '../../state/queries/card/applications.ts';
import { myCardListSource } from '../../state/queries/card/cards.ts';
import { holderListSource } from '../../state/queries/card/holders.ts';
import { refreshHubLists } from '../../state/queries/card/shared.ts';
import { useRecordList, type RecordListState } from '../../state/records/recordList.ts';
import { Amount } from '../../ui/Amount.tsx';
import { describeRequestError } from '../../ui/requestFailures.ts';
import { StatusPill } from '../../ui/StatusPill.tsx';
import {
  applicationStatusLabels,
  cardStatusLabels,
  cardTone,
  cardTypeLabels,
  holderStatusLabels,
} from './cardLabels.ts';
import { nextStep, type NextStep } from './nextStep.ts';
import { OpenCardLink } from './cardParts.tsx';
import './card.css';
import '../../ui/controls.css';

const SHOWN = 3;

/** Each list of the hub: its title, where 'See all' goes, and what it says while empty. */
const SECTIONS = {
  cards: { title: msg`My cards`, to: '/mineCard', empty: msg`No cards yet` },
  holders: { title: msg`Holders`, to: '/bank/holdersList', empty: msg`No holders yet` },
  addresses: {
    title: msg`Delivery addresses`,
    to: '/bank/addressList',
    empty: msg`No addresses yet`,
  },
  applications: {
    title: msg`Applications`,
    to: '/bank/applyList',
    empty: msg`No applications yet`,
  },
} as const;

function Section<T extends { id: string }>(props: {
  of: keyof typeof SECTIONS;
  list: RecordListState<T>;
  Row: (props: { row: T }) => ReactNode;
}) {
  const { i18n } = useLingui();
  const { list, Row } = props;
  const { title, to, empty } = SECTIONS[props.of];
  return (
    <section className="card stack" aria-labelledby={`hub-${to}`}>
      <div className="row hub-head">
        <h2 className="section-title" id={`hub-${to}`}>
          {i18n._(title)}
        </h2>
        <Link to={to} className="button button-ghost button-small">
          <Trans>See all ({list.total})</Trans>
        </Link>
      </div>
      {list.status === 'loading' ? (
        <div className="skeleton skeleton-row" />
      ) : list.status === 'error' ? (
        <p className="form-error">{describeRequestError(list.error)}</p>
      ) : list.items.length === 0 ? (
        <p className="muted">{i18n._(empty)}</p>
      ) : (
        <ul className="hub-list">
          {list.items.slice(0, SHOWN).map((item) => (
            <li key={item.id} className="record-line">
              <Row row={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CardRow({ row: card }: { row: Card }) {
  const { i18n } = useLingui();
  return (
    <>
      <Link to="/bank/cardDetail/$id" params={{ id: card.id }}>
        {i18n._(cardTypeLabels[card.type])} · <span className="mono">{card.last4}</span>
      </Link>
      <span className="row">
        <Amount value={card.balance} coin={card.coin} />
        <StatusPill label={cardStatusLabels[card.status]} tone={cardTone(card.status)} />
      </span>
    </>
  );
}

function HolderRow({ row: holder }: { row: HolderSummary }) {
  return (
    <>
      <span>
        {holder.first_name} {holder.last_name}
      </span>
      <StatusPill label={holderStatusLabels[holder.status]} tone={cardTone(holder.status)} />
    </>
  );
}

function AddressRow({ row: address }: { row: DeliveryAddress }) {
  return (
    <>
      <span>{address.name}</span>
      <span className="muted">
        {address.city} {address.zip}
      </span>
    </>
  );
}

function ApplicationRow({ row: application }: { row: CardApplication }) {
  const { i18n } = useLingui();
  return (
    <>
      <span>
        {i18n._(cardTypeLabels[application.type])} ·{' '}
        <span className="mono">{application.order_no}</span>
      </span>
      <StatusPill
        label={applicationStatusLabels[application.status]}
        tone={cardTone(application.status)}
      />
    </>
  );
}

const BLOCK_LINK = 'button button-ghost button-block';

/** The two ways to apply, offered by the next step and among the hub's actions. */
function ApplyLinks(style: { virtual: string; physical: string }) {
  return (
    <>
      <Link to="/bank/virtual_apply" className={style.virtual}>
        <Trans>Apply for a virtual card</Trans>
      </Link>
      <Link to="/bank/physical_apply" className={style.physical}>
        <Trans>Apply for a physical card</Trans>
      </Link>
    </>
  );
}

function NextStepCard({ step }: { step: NextStep }) {
  let text: ReactNode;
  let action: ReactNode = null;
  switch (step.kind) {
    case 'add_holder':
      text = (
        <Trans>
          Start by adding a cardholder: your identity is reviewed before a card is issued.
        </Trans>
      );
      action = (
        <Link to="/bank/addHolders" className="button button-primary">
          <Trans>Add a holder</Trans>
        </Link>
      );
      break;
    case 'fix_holder':
      text = (
        <Trans>Your holder was rejected. Read the reason, correct it and send it again.</Trans>
      );
      action = (
        <Link
          to="/bank/addHolders"
          search={{ id: step.holderId }}
          className="button button-primary"
        >
          <Trans>Correct the holder</Trans>
        </Link>
      );
      break;
    case 'wait_review':
      text = (
        <Trans>Your holder is being reviewed. You can apply for a card once it is approved.</Trans>
      );
      break;
    case 'apply':
      text = <Trans>Your holder is approved. Apply for a virtual or a physical card.</Trans>;
      action = (
        <span className="row">
          <ApplyLinks virtual="button button-primary" physical="button button-ghost" />
        </span>
      );
      break;
    case 'wait_issue':
      text = <Trans>Your application is being processed. The card appears here once issued.</Trans>;
      break;
    case 'reapply':
      text = <Trans>Your last application was not successful. You can apply again.</Trans>;
      action = (
        <Link to="/bank/applyList" className="button button-primary">
          <Trans>See applications</Trans>
        </Link>
      );
      break;
    case 'activate':
      text = <Trans>A physical card is on its way. Activate it once you have received it.</Trans>;
      action = <OpenCardLink id={step.cardId} className="button button-primary" />;
      break;
    case 'use_card':
      text = <Trans>Your card is ready. Recharge it and see its records.</Trans>;
      action = <OpenCardLink id={step.cardId} className="button button-primary" />;
      break;
  }
  return (
    <section className="notice stack" data-testid="next-step" data-step={step.kind}>
      <strong>
        <Trans>Next step</Trans>
      </strong>
      <p>{text}</p>
      {action}
    </section>
  );
}

export function CardHubScreen() {
  const { t } = useLingui();
  const api = useApi();
  const cards = useRecordList(myCardListSource(api));
  const holders = useRecordList(holderListSource(api));
  const addresses = useRecordList(addressListSource(api));
  const applications = useRecordList(applicationListSource(api));
  const queryClient = useQueryClient();
  // The hub is a kept page: each time it shows again (its effects run again), the state of
  // reviews and applications is fetched afresh, so the next step is never stale.
  useEffect(() => {
    void refreshHubLists(queryClient);
  }, [queryClient]);
  const ready = [cards, holders, applications].every((list) => list.status === 'ready');

  return (
    <div className="stack">
      {ready && (
        <NextStepCard
          step={nextStep({
            holders: holders.items,
            applications: applications.items,
            cards: cards.items,
          })}
        />
      )}
      <Section of="cards" list={cards} Row={CardRow} />
      <Section of="holders" list={holders} Row={HolderRow} />
      <Section of="addresses" list={addresses} Row={AddressRow} />
      <Section of="applications" list={applications} Row={ApplicationRow} />
      <nav className="stack" aria-label={t`Card actions`}>
        <ApplyLinks virtual={BLOCK_LINK} physical={BLOCK_LINK} />
        <Link to="/bank/virtual_pay" className={BLOCK_LINK}>
          <Trans>Pay with a virtual card</Trans>
        </Link>
      </nav>
    </div>
  );
}
