// Card service settings, from the environment (table in docs/operations.md, "Card service").
import { parseAssetAmount } from '../../contract/money/parseAmount.ts';
import { CARD_COIN } from '../../contract/api/card/shared.ts';
import type { Env } from '../config.ts';

declare module '../config.ts' {
  interface AreaSettings {
    card: CardSettings;
  }
}

export interface CardSettings {
  /** Region codes cards are offered in (ISO 3166-1 alpha-2). */
  regions: string[];
  /** Application fees in units of CARD_COIN. */
  virtualFee: bigint;
  physicalFee: bigint;
  rechargeFeeRateBps: number;
  rechargeFeeMinimum: bigint;
  rechargeMinimum: bigint;
  /** Holders and delivery addresses one user may keep (deleted ones do not count). */
  maxHoldersPerUser: number;
  maxAddressesPerUser: number;
  /** 32-byte key for identity data, photos and card numbers, from CARD_DATA_KEY (base64 or hex); else DATA_DIR/card-data-key. */
  dataKey: string | null;
}

/** `fail` throws the configuration error (config.ts's). */
export function readCardSettings(env: Env, fail: (message: string) => never): CardSettings {
  const regions = (env.CARD_REGIONS?.trim() || 'HK,SG,GB,US')
    .split(',')
    .map((region) => region.trim().toUpperCase())
    .filter(Boolean);
  for (const region of regions) {
    if (!/^[A-Z]{2}$/.test(region))
      fail(`CARD_REGIONS must list two-letter codes, got "${region}"`);
  }
  const bps = env.CARD_RECHARGE_FEE_BPS?.trim() || '150';
  if (!/^\d{1,4}$/.test(bps) || Number(bps) > 10_000)
    fail(`CARD_RECHARGE_FEE_BPS must be 0 to 10000, got "${bps}"`);
  return {
    regions,
    virtualFee: amount(env, 'CARD_VIRTUAL_FEE', '10', fail),
    physicalFee: amount(env, 'CARD_PHYSICAL_FEE', '50', fail),
    rechargeFeeRateBps: Number(bps),
    rechargeFeeMinimum: amount(env, 'CARD_RECHARGE_FEE_MINIMUM', '1', fail),
    rechargeMinimum: amount(env, 'CARD_RECHARGE_MINIMUM', '10', fail),
    maxHoldersPerUser: count(env, 'CARD_MAX_HOLDERS_PER_USER', 20, fail),
    maxAddressesPerUser: count(env, 'CARD_MAX_ADDRESSES_PER_USER', 20, fail),
    dataKey: env.CARD_DATA_KEY?.trim() || null,
  };
}

/** A cap per user: 1 to 1000 (each row is identity data the operator keeps and reviews). */
function count(env: Env, name: string, fallback: number, fail: (message: string) => never): number {
  const value = env[name]?.trim() || String(fallback);
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 1000)
    fail(`${name} must be a whole number from 1 to 1000, got "${value}"`);
  return Number(value);
}

function amount(
  env: Env,
  name: string,
  fallback: string,
  fail: (message: string) => never,
): bigint {
  const value = env[name]?.trim() || fallback;
  try {
    return parseAssetAmount(value, CARD_COIN)[0];
  } catch {
    fail(`${name} must be a plain amount of ${CARD_COIN}, got "${value}"`);
  }
}
