// Words for the codes money records carry, written once for every money screen.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MoneyStatus } from '../../contract/api/money.ts';
import type { IncomeKind, MoneyLogType } from '../../contract/api/wallet.ts';
import type { WithdrawStatus } from '../../contract/api/withdraw.ts';
import type { Tone } from './StatusPill.tsx';

export const moneyLogTypeLabels: Record<MoneyLogType, MessageDescriptor> = {
  deposit: msg({
    message: 'Deposit',
    comment:
      'Money credited to the wallet balance. A card recharge is another entry: use different words.',
  }),
  transfer_out: msg`Ticket transfer sent`,
  transfer_in: msg`Ticket transfer received`,
  withdraw: msg`Withdrawal`,
  withdraw_refund: msg`Withdrawal refund`,
  cycle_return: msg`Mutual-aid return`,
  release: msg`Dividend release`,
  node_purchase: msg`Node purchase`,
  card_fee: msg`Card application fee`,
  card_fee_refund: msg`Card fee refund`,
  card_recharge: msg`Card recharge`,
  card_recharge_refund: msg`Card recharge refund`,
  card_balance_return: msg`Balance of a blocked card returned`,
  payment_credit: msg`Chain payment returned to balance`,
};

export const incomeKindLabels: Record<IncomeKind, MessageDescriptor> = {
  deposit: msg`Deposit`,
  cycle_payout: msg`Mutual-aid return`,
  release_transfer: msg`Dividend release`,
};

export const moneyStatusLabels: Record<MoneyStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  success: msg`Success`,
  failed: msg`Failed`,
};

export const withdrawStatusLabels: Record<WithdrawStatus, MessageDescriptor> = {
  processing: msg`Processing on chain`,
  completed: msg`Completed`,
  // Nothing went out on chain: refused by the operator, or its fee payment failed.
  failed: msg`Not sent`,
  unknown: msg`Unknown`,
};

export function statusTone(status: MoneyStatus | WithdrawStatus): Tone {
  if (status === 'success' || status === 'completed') return 'success';
  if (status === 'failed') return 'danger';
  return 'neutral';
}
