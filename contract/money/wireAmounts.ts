// Whole units (the server's ledger counts in them) to the wire's decimal strings.
import { assetDecimals, type AssetCode, type Balances } from '../api/assets.ts';
import { amountFromUnits, toDecimalString } from './amount.ts';

export function wireAmount(asset: AssetCode, units: bigint): string {
  return toDecimalString(amountFromUnits(units, assetDecimals(asset)));
}

export function wireBalances(balances: Readonly<Record<AssetCode, bigint>>): Balances {
  return {
    JU: wireAmount('JU', balances.JU),
    USDT: wireAmount('USDT', balances.USDT),
    TICKET: wireAmount('TICKET', balances.TICKET),
  };
}
