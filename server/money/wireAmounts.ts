// Ledger units to the wire's decimal strings.
import { assetDecimals, type AssetCode, type Balances } from '../../contract/api/assets.ts';
import { amountFromUnits, toDecimalString } from '../../contract/money/amount.ts';
import type { AssetBalances } from '../ledger/balances.ts';

export function wireAmount(asset: AssetCode, units: bigint): string {
  return toDecimalString(amountFromUnits(units, assetDecimals(asset)));
}

export function wireBalances(balances: AssetBalances): Balances {
  return {
    JU: wireAmount('JU', balances.JU),
    USDT: wireAmount('USDT', balances.USDT),
    TICKET: wireAmount('TICKET', balances.TICKET),
  };
}
