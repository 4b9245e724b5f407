// What the card service offers and costs (visa/info, getVirtualCardBin), from the settings.
import { CARD_COIN, type CardBin, type CardType, type VisaInfoData } from '../../src/api/visa.ts';
import { wireAmount } from '../money/wireAmounts.ts';
import type { CardSettings } from './settings.ts';

/** Agreement versions the user accepts when applying. */
export const CARD_AGREEMENTS = [
  { id: 'cardholder_terms', version: '2026-01' },
  { id: 'privacy_notice', version: '2026-01' },
] as const;

const QUICK_AMOUNTS = ['50', '100', '200', '500'] as const;

/** BINs of the reference issuer: one per card type, the same in every region. */
const BINS: Record<CardType, string> = { virtual: '48592100', physical: '48592200' };

export function cardAmount(units: bigint): string {
  return wireAmount(CARD_COIN, units);
}

export function visaInfo(settings: CardSettings): VisaInfoData {
  return {
    coin: CARD_COIN,
    regions: [...settings.regions],
    fees: { virtual: cardAmount(settings.virtualFee), physical: cardAmount(settings.physicalFee) },
    recharge: {
      fee_rate_bps: settings.rechargeFeeRateBps,
      fee_minimum: cardAmount(settings.rechargeFeeMinimum),
      minimum: cardAmount(settings.rechargeMinimum),
      quick_amounts: [...QUICK_AMOUNTS],
    },
    agreements: CARD_AGREEMENTS.map((agreement) => ({ ...agreement })),
  };
}

export function cardBins(
  settings: CardSettings,
  filter: { type?: CardType; region?: string },
): CardBin[] {
  return settings.regions
    .filter((region) => filter.region === undefined || region === filter.region)
    .flatMap((region) =>
      (['virtual', 'physical'] as const)
        .filter((type) => filter.type === undefined || type === filter.type)
        .map((type) => ({ bin: BINS[type], type, region, network: 'VISA', currency: 'USD' })),
    );
}

export function binFor(type: CardType): string {
  return BINS[type];
}
