// Recharge a card from the balance (spec §2, §5): quick amounts, the fee by the server's rule
// and the total that leaves the balance; the amount is required.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AMOUNT_ERRORS,
  checkAmountLimits,
  checkAmountText,
} from '../../../../contract/api/money.ts';
import { type CardInfoData, rechargeFeeUnits } from '../../../../contract/api/card/info.ts';
import {
  rechargeEndpoints,
  rechargeRequestSchema,
} from '../../../../contract/api/card/recharges.ts';
import { CARD_COIN } from '../../../../contract/api/card/shared.ts';
import { parseAssetAmount, toDecimalString } from '../../../../contract/money/index.ts';
import { assetDecimals } from '../../../../contract/api/assets.ts';

import { useAction } from '../../../state/actions/useAction.ts';
import { useWallet } from '../../../state/queries/money.ts';
import { Amount, formatCoinAmount } from '../../../ui/Amount.tsx';
import { AmountField } from '../../../ui/AmountField.tsx';
import { catalogueMessage, type FieldErrors } from '../../../ui/formErrors.ts';
import { MoneyFormActions } from '../../../ui/MoneyFormActions.tsx';
import { schemaCheck, useForm } from '../../../ui/useForm.ts';
import '../../../ui/controls.css';

const DECIMALS = assetDecimals(CARD_COIN);

/** Fee and total for the typed amount, or null while it is not a valid amount. */
export function rechargeQuote(amount: string, rule: CardInfoData['recharge']) {
  const check = checkAmountText(amount, DECIMALS);
  if (!check.ok) return null;
  const fee = rechargeFeeUnits(check.units, {
    feeRateBps: rule.fee_rate_bps,
    feeMinimumUnits: parseAssetAmount(rule.fee_minimum, CARD_COIN)[0],
  });
  return {
    amountUnits: check.units,
    feeUnits: fee,
    fee: toDecimalString([fee, DECIMALS]),
    total: toDecimalString([check.units + fee, DECIMALS]),
    totalUnits: check.units + fee,
  };
}

type RechargeField = 'amount';
const checkRecharge = schemaCheck<typeof rechargeRequestSchema, RechargeField>(
  rechargeRequestSchema,
  { decimals: DECIMALS },
);

/** The recharge rules in words: the smallest amount and how the fee is worked out. */
export function RechargeRules({ rule }: { rule: CardInfoData['recharge'] }) {
  const { i18n } = useLingui();
  const amount = (value: string) =>
    `${formatCoinAmount(value, CARD_COIN, i18n.locale)} ${CARD_COIN}`;
  const minimum = amount(rule.minimum);
  const feeMinimum = amount(rule.fee_minimum);
  // A rate for reading, not money: 150 basis points show as 1.5%.
  const rate = new Intl.NumberFormat(i18n.locale, {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(rule.fee_rate_bps / 10_000);
  const flat = parseAssetAmount(rule.fee_minimum, CARD_COIN)[0] > 0n;
  const proportional = rule.fee_rate_bps > 0;
  return (
    <span data-testid="recharge-rules">
      <Trans>Minimum recharge: {minimum}.</Trans>{' '}
      {proportional && flat ? (
        <Trans>
          Fee: {rate} of the amount, at least {feeMinimum}.
        </Trans>
      ) : proportional ? (
        <Trans>Fee: {rate} of the amount.</Trans>
      ) : flat ? (
        <Trans>Fee: {feeMinimum}.</Trans>
      ) : (
        <Trans>No fee.</Trans>
      )}
    </span>
  );
}

export function RechargeForm({ cardId, rule }: { cardId: string; rule: CardInfoData['recharge'] }) {
  const { t, i18n } = useLingui();
  const wallet = useWallet();
  const form = useForm<{ amount: string }, RechargeField>({
    initial: { amount: '' },
    check: ({ amount }) => check(amount),
    fields: ['amount'],
  });
  const { amount } = form.values;
  const { errors } = form;
  const available = wallet.data?.balances.find((b) => b.coin === CARD_COIN)?.available;
  const quote = rechargeQuote(amount, rule);
  const minimum = `${formatCoinAmount(rule.minimum, CARD_COIN, i18n.locale)} ${CARD_COIN}`;
  const show = (value: string) => `${formatCoinAmount(value, CARD_COIN, i18n.locale)} ${CARD_COIN}`;

  const action = useAction(rechargeEndpoints.recharge, {
    confirm: (input) => {
      const amount = input.amount ?? '';
      const q = rechargeQuote(amount, rule);
      const amountText = show(amount);
      const feeText = q ? show(q.fee) : '';
      const totalText = q ? show(q.total) : '';
      return {
        title: t`Confirm recharge`,
        message: [
          t`Recharge ${amountText} onto this card?`,
          t`Fee: ${feeText}. Total from your balance: ${totalText}.`,
        ].join('\n'),
        confirmText: t`Recharge`,
      };
    },
    successMessage: () =>
      t({
        message: 'Recharge submitted',
        comment: 'The request is handed in; no money has been sent or paid out yet.',
      }),
    failureMessage: () => t`Recharge failed, try again`,
    onSuccess: () => form.reset({ amount: '' }),
    onFailure: form.refusedFields,
  });

  function check(amount: string): FieldErrors<RechargeField> {
    const found = checkRecharge({ id: cardId, amount });
    const quote = rechargeQuote(amount, rule);
    if (!found.amount && quote && available !== undefined) {
      const limit = checkAmountLimits(quote.amountUnits, {
        available: parseAssetAmount(available, CARD_COIN)[0] - quote.feeUnits,
        minimum: parseAssetAmount(rule.minimum, CARD_COIN)[0],
      });
      if (limit === AMOUNT_ERRORS.below_minimum) {
        found.amount = catalogueMessage(limit, { minimum });
      } else if (limit) found.amount = catalogueMessage(limit);
    }
    return found;
  }

  const changeAmount = (next: string) => form.set('amount', next);

  const blockedReason =
    action.disabledReason ?? (available === undefined ? t`Balance loading` : null);

  return (
    <form
      className="stack"
      onSubmit={form.onSubmit(({ amount }) => action.submit({ id: cardId, amount }))}
      noValidate
      aria-label={t`Recharge`}
    >
      <div className="quick-amounts" role="group" aria-label={t`Quick amounts`}>
        {rule.quick_amounts.map((quick) => (
          <button
            key={quick}
            type="button"
            className="button button-ghost button-small"
            aria-pressed={amount === quick}
            onClick={() => changeAmount(quick)}
          >
            {formatCoinAmount(quick, CARD_COIN, i18n.locale)}
          </button>
        ))}
      </div>
      <AmountField
        coin={CARD_COIN}
        value={amount}
        onChange={changeAmount}
        error={errors.amount}
        available={available}
        all={undefined}
        placeholder={t`At least ${minimum}`}
        hint={<RechargeRules rule={rule} />}
      />
      <dl className="kv" data-testid="recharge-quote">
        <div className="row">
          <dt>
            <Trans>Fee</Trans>
          </dt>
          <dd>{quote ? <Amount value={quote.fee} coin={CARD_COIN} /> : '—'}</dd>
        </div>
        <div className="row">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{quote ? <Amount value={quote.total} coin={CARD_COIN} /> : '—'}</dd>
        </div>
      </dl>
      <MoneyFormActions
        action={action}
        blockedReason={blockedReason}
        submitLabel={<Trans>Recharge</Trans>}
      />
    </form>
  );
}
