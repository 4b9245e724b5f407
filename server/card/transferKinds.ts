// The kinds of ledger transfer the card service posts (the money log reads them back).
export const CARD_TRANSFER_KIND = {
  applicationFee: 'card_application_fee',
  applicationRefund: 'card_application_refund',
  recharge: 'card_recharge',
  rechargeRefund: 'card_recharge_refund',
  /** A card reported lost or stolen gives its balance back. */
  balanceReturn: 'card_balance_return',
} as const;
