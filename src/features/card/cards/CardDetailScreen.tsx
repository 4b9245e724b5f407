// /bank/cardDetail/$id (spec §2, §4): the card — number (masked; shown for 30 s after a fresh
// wallet signature), type, status, expiry, balance — and what its state allows: recharge,
// activation of a received physical card, set or change the PIN, freeze and unfreeze, report
// lost or stolen; its consumption and recharge records, and an export of them as CSV.
import { i18n as linguiI18n } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  type Card,
  cardEndpoints,
  REVEAL_VISIBLE_MS,
  type RevealData,
} from '../../../../contract/api/card/cards.ts';
import type { RechargeRecord } from '../../../../contract/api/card/recharges.ts';
import type { ConsumeRecord } from '../../../../contract/api/card/records.ts';
import { CARD_COIN } from '../../../../contract/api/card/shared.ts';
import { RequestError } from '../../../api/requestErrors.ts';
import { useApi } from '../../../state/apiContext.tsx';
import {
  cardChanged,
  revealCard,
  revealMessage,
  useKeptCard,
} from '../../../state/queries/card/cards.ts';
import { useCardInfo } from '../../../state/queries/card/info.ts';
import { consumeListSource, rechargeListSource } from '../../../state/queries/card/records.ts';
import type { RecordListSource } from '../../../state/records/recordList.ts';
import { NotSavedOffline } from '../../../ui/KeptCopy.tsx';
import { PageSkeleton } from '../../../ui/PageSkeleton.tsx';
import { describeRequestError, reportRequestError } from '../../../ui/requestFailures.ts';
import { toast } from '../../../ui/toast.ts';
import { StatusPill } from '../../../ui/StatusPill.tsx';
import { cardStatusLabels, cardTone, cardTypeLabels, rechargeStatusLabels } from '../cardLabels.ts';
import { PinEntry } from '../PinEntry.tsx';
import { useAction } from '../../../state/actions/useAction.ts';
import { CardRecords } from './CardRecords.tsx';
import { CardMoney, KeptCard } from './KeptCardFace.tsx';
import { RechargeForm } from './RechargeForm.tsx';
import { csvHeadings, recordsCsv, downloadText } from './recordsCsv.ts';
import { useRevealed } from './useRevealed.ts';
import { useWhenChanged } from './useWhenChanged.ts';
import '../card.css';
import '../../../ui/controls.css';

export function CardDetailScreen({ id }: { id: string }) {
  const card = useKeptCard(id);
  if (card.pending) return <PageSkeleton />;
  if (card.live.data) return <CardDetail card={card.live.data} />;
  if (card.kept) return <KeptCard card={card.kept} asOf={card.asOf} offline={card.offline} />;
  if (card.offline || card.readOnly) return <NotSavedOffline offline={card.offline} />;
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state-title">{describeRequestError(card.live.error)}</p>
      <Link to="/mineCard" className="button button-ghost">
        <Trans>My cards</Trans>
      </Link>
    </div>
  );
}

function groupDigits(number: string): string {
  return number.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function CardFace({ card }: { card: Card }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const revealed = useRevealed<RevealData>(REVEAL_VISIBLE_MS);
  const [revealing, setRevealing] = useState(false);
  const seconds = REVEAL_VISIBLE_MS / 1000;

  async function reveal() {
    setRevealing(true);
    try {
      const { message } = await revealMessage(api, card.id);
      // The wallet code loads only now, when the user asks to see a number.
      const { signForReveal } = await import('./signForReveal.ts');
      const signature = await signForReveal(message);
      revealed.show(await revealCard(api, { id: card.id, message, signature }));
    } catch (error) {
      if (error instanceof Error && error.name === 'RevealSignError') toast(error.message, 'error');
      else if (error instanceof RequestError) reportRequestError(error);
      else toast(t`The card number could not be shown.`, 'error');
    } finally {
      setRevealing(false);
    }
  }

  return (
    <section className="card-face" aria-label={t`Card`} data-testid="card-face">
      <span className="row">
        <strong>{i18n._(cardTypeLabels[card.type])}</strong>
        <StatusPill label={cardStatusLabels[card.status]} tone={cardTone(card.status)} />
      </span>
      <span className="card-number mono" data-testid="card-number">
        {revealed.value ? groupDigits(revealed.value.number) : card.masked_number}
      </span>
      <span className="row">
        <span>
          <Trans>Expires {revealed.value?.expiry ?? card.expiry}</Trans>
        </span>
        {revealed.value && (
          <span className="mono">
            <Trans>CVV {revealed.value.cvv}</Trans>
          </span>
        )}
      </span>
      <span>{card.holder_name}</span>
      <CardMoney card={card} />
      {revealed.value ? (
        <span className="row">
          <span role="status">
            <Trans>
              Hidden again after <Plural value={seconds} one="# second" other="# seconds" />.
            </Trans>
          </span>
          <button type="button" className="button button-small" onClick={revealed.hide}>
            <Trans>Hide number</Trans>
          </button>
        </span>
      ) : (
        card.status !== 'blocked' && (
          <button
            type="button"
            className="button button-small"
            disabled={revealing}
            onClick={() => void reveal()}
          >
            {revealing ? <Trans>Waiting for your wallet…</Trans> : <Trans>Show card number</Trans>}
          </button>
        )
      )}
    </section>
  );
}

async function allPages<T>(source: RecordListSource<T>): Promise<T[]> {
  const items: T[] = [];
  const signal = new AbortController().signal;
  for (let page = 1; ; page += 1) {
    const answer = await source.fetchPage(page, 50, signal);
    items.push(...answer.list);
    if (answer.list.length === 0 || items.length >= answer.total) return items;
  }
}

function CardDetail({ card }: { card: Card }) {
  const { t } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  // A recharge settled (or a new one started): the records and the card list follow.
  useWhenChanged(`${card.balance}|${card.pending_recharge}`, () => {
    void cardChanged(queryClient, card.id, 'card');
  });
  const info = useCardInfo();
  const [exporting, setExporting] = useState(false);
  const physical = card.type === 'physical';

  const activate = useAction(cardEndpoints.active, {
    confirm: () => ({
      title: t`Activate card`,
      message: t`Only activate a card you have received. Activate the card ending ${card.last4}?`,
      confirmText: t`Activate`,
    }),
    successMessage: () => t`Card activated`,
    failureMessage: () => t`Activation failed`,
  });
  const freeze = useAction(cardEndpoints.freeze, {
    confirm: () => ({
      title: t`Freeze card`,
      message: t`Freeze the card? It cannot be used or recharged until you unfreeze it.`,
      confirmText: t`Freeze`,
    }),
    successMessage: () => t`Card frozen`,
    failureMessage: () => t`Freezing the card failed`,
  });
  const unfreeze = useAction(cardEndpoints.unfreeze, {
    successMessage: () => t`Card unfrozen`,
    failureMessage: () => t`Unfreezing the card failed`,
  });
  const report = useAction(cardEndpoints.report, {
    confirm: ({ reason }) => ({
      title: reason === 'lost' ? t`Report card lost` : t`Report card stolen`,
      message: t`The card is blocked for good and cannot be used again. Its balance goes back to your USDT balance, and you can apply for a replacement. Continue?`,
      confirmText: t`Block the card`,
    }),
    successMessage: () => t`Card blocked`,
    failureMessage: () => t`Reporting the card failed`,
  });
  const target = { id: card.id };

  async function exportCsv() {
    setExporting(true);
    try {
      const [consumption, recharges] = await Promise.all([
        allPages<ConsumeRecord>(consumeListSource(api, card.id)),
        allPages<RechargeRecord>(rechargeListSource(api, card.id)),
      ]);
      const csv = recordsCsv(
        consumption,
        recharges,
        csvHeadings((message) => linguiI18n._(message)),
        (status) =>
          status in rechargeStatusLabels
            ? linguiI18n._(rechargeStatusLabels[status as keyof typeof rechargeStatusLabels])
            : status,
      );
      downloadText(csv, `card-${card.last4}-records.csv`);
      toast(t`Records exported`, 'success');
    } catch (error) {
      reportRequestError(error);
    } finally {
      setExporting(false);
    }
  }

  const offline = activate.disabledReason !== null;
  return (
    <div className="stack">
      <CardFace card={card} />
      {card.status === 'inactive' && physical && (
        <section className="card stack">
          <p className="warning">
            <Trans>Only activate a card you have received.</Trans>
          </p>
          <button
            type="button"
            className="button button-primary button-block"
            disabled={activate.pending || offline}
            onClick={() => void activate.submit(target)}
          >
            <Trans>Activate card</Trans>
          </button>
        </section>
      )}
      {card.status === 'active' && info.data && (
        <section className="card stack" aria-labelledby="recharge-title">
          <h2 className="section-title" id="recharge-title">
            <Trans>Recharge</Trans>
          </h2>
          <RechargeForm cardId={card.id} rule={info.data.recharge} />
        </section>
      )}
      {card.status === 'active' && (
        <section className="card stack" aria-labelledby="pin-title">
          <h2 className="section-title" id="pin-title">
            {card.pin_set ? <Trans>Change PIN</Trans> : <Trans>Set PIN</Trans>}
          </h2>
          <PinEntry
            cardId={card.id}
            pinSet={card.pin_set}
            blockedReason={offline ? t`You are offline.` : null}
          />
        </section>
      )}
      {card.status === 'blocked' ? (
        <section className="notice stack">
          <p>
            <Trans>This card was reported lost or stolen and is blocked for good.</Trans>
          </p>
          <Link to="/bank/applyList" className="button button-primary">
            <Trans>Apply for a replacement</Trans>
          </Link>
        </section>
      ) : (
        <section className="card stack" aria-labelledby="controls-title">
          <h2 className="section-title" id="controls-title">
            <Trans>Card controls</Trans>
          </h2>
          <div className="card-actions">
            {card.status === 'active' && (
              <button
                type="button"
                className="button button-ghost"
                disabled={freeze.pending || offline}
                onClick={() => void freeze.submit(target)}
              >
                <Trans>Freeze card</Trans>
              </button>
            )}
            {card.status === 'frozen' && (
              <button
                type="button"
                className="button button-primary"
                disabled={unfreeze.pending || offline}
                onClick={() => void unfreeze.submit(target)}
              >
                <Trans>Unfreeze card</Trans>
              </button>
            )}
            <button
              type="button"
              className="button button-ghost"
              disabled={report.pending || offline}
              onClick={() => void report.submit({ ...target, reason: 'lost' })}
            >
              <Trans>Report lost</Trans>
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={report.pending || offline}
              onClick={() => void report.submit({ ...target, reason: 'stolen' })}
            >
              <Trans>Report stolen</Trans>
            </button>
          </div>
        </section>
      )}
      <CardRecords cardId={card.id} />
      <button
        type="button"
        className="button button-ghost button-block"
        disabled={exporting}
        onClick={() => void exportCsv()}
      >
        {exporting ? <Trans>Exporting…</Trans> : <Trans>Export records (CSV)</Trans>}
      </button>
      <p className="field-hint">
        <Trans>Balances and fees are in {CARD_COIN}.</Trans>
      </p>
    </div>
  );
}
