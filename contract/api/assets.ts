// The assets the wallet holds, with the number of decimals the ledger keeps for each.
//
// Why 6 decimals each: balances are stored as signed 64-bit integers of the smallest unit
// (both SQLite and PostgreSQL have a native 64-bit integer), which tops out at about
// 9.22 × 10^18 units. With 6 decimals that is 9.2 trillion whole coins of headroom; with
// 18 (the on-chain precision of JU) it would be 9.2 coins. USDT itself has 6 decimals, and
// the app never shows more than 6 (spec §9), so nothing visible is lost.
import * as v from 'valibot';

export const ASSETS = {
  JU: { code: 'JU', decimals: 6 },
  USDT: { code: 'USDT', decimals: 6 },
  TICKET: { code: 'TICKET', decimals: 6 },
} as const;

export type AssetCode = keyof typeof ASSETS;

export const ASSET_CODES = Object.keys(ASSETS) as AssetCode[];

export const assetCodeSchema = v.picklist(ASSET_CODES);

export function isAssetCode(value: unknown): value is AssetCode {
  return typeof value === 'string' && Object.hasOwn(ASSETS, value);
}

export function assetDecimals(asset: AssetCode): number {
  return ASSETS[asset].decimals;
}

/** An amount on the wire: a plain decimal string, never a JSON number, never an exponent. */
export const amountStringSchema = v.pipe(
  v.string(),
  v.regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal string'),
);

/** One balance per asset, as decimal strings. */
export const balancesSchema = v.object({
  JU: amountStringSchema,
  USDT: amountStringSchema,
  TICKET: amountStringSchema,
});

export type Balances = v.InferOutput<typeof balancesSchema>;
