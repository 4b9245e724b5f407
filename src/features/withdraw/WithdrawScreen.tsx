// /withdraw (spec §2, §5): USDT out on TRC20 or JU out on the JU chain. The fee is taken on
// top of the amount; fee, minimum, processing time and each coin's network name come from the
// server's settings, so the form names the network as the withdrawal records do.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { assetDecimals } from '../../../contract/api/assets.ts';
import { AMOUNT_ERRORS, checkAmountLimits } from '../../../contract/api/money.ts';
import {
  WITHDRAW_COINS,
  withdrawApplyRequestSchema,
  type WithdrawCoin,
  type WithdrawCoinConfig,
  withdrawEndpoints,
} from '../../../contract/api/withdraw.ts';
import { parseAssetAmount, toDecimalString } from '../../../contract/money/index.ts';

import { useAction } from '../../state/actions/useAction.ts';
import { useWallet, useWithdrawConfig } from '../../state/queries/money.ts';
import { formatCoinAmount } from '../../ui/Amount.tsx';
import { AmountField } from '../../ui/AmountField.tsx';
import { MoneyFormActions } from '../../ui/MoneyFormActions.tsx';
import { catalogueMessage, type FieldErrors } from '../../ui/formErrors.ts';
import { schemaCheck, useForm } from '../../ui/useForm.ts';
import { describeRequestError } from '../../ui/requestFailures.ts';
import { runtimeConfig } from '../../config/runtimeConfig.ts';
import { PaymentProgress } from '../../payment/PaymentProgress.tsx';
import { usePayment } from '../../payment/usePayment.ts';
import '../../ui/records.css';
import '../../ui/controls.css';
import { NoticeAside } from '../../ui/NoticeAside.tsx';
import { SegmentedChoice } from '../../ui/SegmentedChoice.tsx';
import { CodeField } from '../../ui/CodeField.tsx';

type WithdrawInput = { coin: WithdrawCoin; address: string; amount: string };
type WithdrawField = keyof WithdrawInput;

/** What can be withdrawn: the available balance less the fee, never below zero. */
function withdrawable(available: string, config: WithdrawCoinConfig, feeOnChain: boolean): string {
  const fee = feeOnChain ? 0n : parseAssetAmount(config.fee, config.coin)[0];
  const units = parseAssetAmount(available, config.coin)[0] - fee;
  return toDecimalString([units > 0n ? units : 0n, assetDecimals(config.coin)]);
}

export function WithdrawScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const wallet = useWallet();
  const config = useWithdrawConfig();
  const form = useForm<WithdrawInput>({
    initial: { coin: 'USDT', address: '', amount: '' },
    check: (values) => validate(values),
  });
  const { coin, address, amount } = form.values;
  const { errors } = form;

  const coinConfig = config.data?.coins.find((c) => c.coin === coin);
  // Until the settings arrive, the same names from the chain the app was configured with.
  const networkOf = (code: WithdrawCoin) =>
    config.data?.coins.find((c) => c.coin === code)?.network ??
    (code === 'JU' ? runtimeConfig().chain.name : 'TRC20');
  const available = wallet.data?.balances.find((b) => b.coin === coin)?.available;
  // Where the server takes payments on chain, the JU network fee is paid from the wallet
  // to the treasury before the withdrawal is queued (spec §9), not taken from the balance.
  const treasury = runtimeConfig().chain.treasury ?? null;
  const feeOnChain = coin === 'JU' && treasury !== null;
  const maximum =
    coinConfig && available !== undefined
      ? withdrawable(available, coinConfig, feeOnChain)
      : undefined;
  const show = (value: string) => `${formatCoinAmount(value, coin, i18n.locale)} ${coin}`;
  const withdrawQuestion = (quantity: string) => t`Withdraw ${quantity} to this address?`;
  const fee = coinConfig ? show(coinConfig.fee) : '';
  const minimum = coinConfig ? show(coinConfig.minimum) : '';
  const hours = coinConfig?.processing_hours ?? 0;
  const network = networkOf(coin);

  const confirmWithdrawal = (input: WithdrawInput) => ({
    title: t`Confirm withdrawal`,
    message: [
      withdrawQuestion(show(input.amount)),
      input.address,
      !fee
        ? ''
        : feeOnChain
          ? t`Network fee: ${fee}, paid from your wallet on ${network} first.`
          : t`Fee: ${fee}, taken from your balance on top of the amount.`,
    ]
      .filter(Boolean)
      .join('\n'),
    confirmText: t`Withdraw`,
  });
  const onSuccess = () => {
    form.reset({ coin, address: '', amount: '' });
    void navigate({ to: '/withdraw/list' });
  };
  const fromBalance = useAction(withdrawEndpoints.apply, {
    confirm: confirmWithdrawal,
    successMessage: () =>
      t({
        message: 'Withdrawal submitted',
        comment: 'The request is handed in; no money has been sent or paid out yet.',
      }),
    failureMessage: () => t`Withdrawal failed, try again`,
    onSuccess,
    onFailure: form.refusedFields,
  });
  const feePaidOnChain = usePayment({
    kind: 'withdraw_fee',
    confirm: confirmWithdrawal,
    payment: () => ({ treasury: treasury!, amount: coinConfig!.fee }),
    successMessage: () =>
      t({
        message: 'Withdrawal submitted',
        comment: 'The request is handed in; no money has been sent or paid out yet.',
      }),
    failureMessage: () => catalogueMessage('ju_fee_payment_failed'),
    onSuccess,
    onFailure: form.refusedFields,
  });
  const action = feeOnChain ? feePaidOnChain : fromBalance;

  function validate({ coin, address, amount }: WithdrawInput): FieldErrors<WithdrawField> {
    const found = schemaCheck<typeof withdrawApplyRequestSchema, WithdrawField>(
      withdrawApplyRequestSchema,
      { decimals: assetDecimals(coin) },
    )({ coin, address, amount });
    if (!found.amount && coinConfig && maximum !== undefined) {
      const limit = checkAmountLimits(parseAssetAmount(amount, coin)[0], {
        available: parseAssetAmount(maximum, coin)[0],
        minimum: parseAssetAmount(coinConfig.minimum, coin)[0],
      });
      if (limit === AMOUNT_ERRORS.below_minimum) {
        found.amount = catalogueMessage(limit, { minimum });
      } else if (limit && !feeOnChain && fee) {
        // The fee comes on top: say so, and how much can go (what Max fills in).
        const most = show(maximum);
        found.amount = t`Not enough balance for this amount and the ${fee} fee: you can withdraw at most ${most}.`;
      } else if (limit) {
        found.amount = catalogueMessage(limit);
      }
    }
    return found;
  }

  const blockedReason =
    action.disabledReason ??
    (config.isError || (wallet.isError && available === undefined)
      ? describeRequestError(config.error ?? wallet.error)
      : maximum === undefined
        ? t`Balance loading`
        : null);

  return (
    <form
      className="stack"
      onSubmit={form.onSubmit((values) => maximum !== undefined && action.submit(values))}
      noValidate
    >
      <section className="card">
        <SegmentedChoice
          legend={<Trans>Coin and network</Trans>}
          name="coin"
          options={WITHDRAW_COINS}
          value={coin}
          onChange={(code) => form.reset({ ...form.values, coin: code })}
          label={(code) => `${code} · ${networkOf(code)}`}
        />
        <CodeField
          label={<Trans>Withdrawal address</Trans>}
          error={errors.address}
          hint={
            coin === 'USDT' ? (
              <Trans>A TRON (TRC20) address, starting with T.</Trans>
            ) : (
              <Trans>A {network} wallet address (0x…).</Trans>
            )
          }
          name="address"
          value={address}
          onChange={(value) => form.set('address', value)}
          placeholder={coin === 'USDT' ? 'T…' : '0x…'}
        />
        <AmountField
          coin={coin}
          value={amount}
          onChange={(next) => form.set('amount', next)}
          error={errors.amount}
          available={available}
          all={maximum}
          placeholder={coinConfig ? t`At least ${minimum}` : t`Amount to withdraw`}
        />
      </section>
      <NoticeAside testId="withdraw-notice">
        {coinConfig ? (
          <ul>
            <li>
              {feeOnChain ? (
                <Trans>
                  Network fee: {fee}, paid from your wallet on {network} before the withdrawal is
                  queued.
                </Trans>
              ) : (
                <Trans>Fee: {fee}, taken on top of the amount.</Trans>
              )}
            </li>
            <li>
              <Trans>Minimum withdrawal: {minimum}.</Trans>
            </li>
            <li>
              {t`Processed within about ${plural(hours, { one: '# hour', other: '# hours' })} on the ${network} network.`}
            </li>
          </ul>
        ) : (
          <p>
            <Trans>Loading withdrawal settings…</Trans>
          </p>
        )}
      </NoticeAside>
      {feeOnChain && <PaymentProgress payment={feePaidOnChain} />}
      <MoneyFormActions
        action={action}
        blockedReason={blockedReason}
        submitLabel={<Trans>Confirm withdrawal</Trans>}
        records={{ to: '/withdraw/list', label: <Trans>Withdrawal records</Trans> }}
      />
    </form>
  );
}
