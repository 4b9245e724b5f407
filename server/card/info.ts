// What the card service offers and costs (visa/info, getVirtualCardBin), from the settings.
import { CARD_AGREEMENTS } from '../../contract/api/card/agreements.ts';
import type {
  AcceptedAgreement,
  CardBin,
  CardInfoData,
  CardType,
} from '../../contract/api/card/info.ts';
import { CARD_COIN } from '../../contract/api/card/shared.ts';
import type { MessageDescriptor } from '../../contract/api/errors.ts';
import { DomainError } from '../domainError.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import type { CardSettings } from './settings.ts';

/** The ids and versions of the agreements in force. */
export function currentAgreements(): AcceptedAgreement[] {
  return CARD_AGREEMENTS.map(({ id, version }) => ({ id, version }));
}

/** The agreements sent with an application, as part of what its idempotency key stands for. */
export function agreementsFingerprint(sent: readonly AcceptedAgreement[] | undefined) {
  return sent === undefined ? null : sent.map(({ id, version }) => `${id}@${version}`).join(',');
}

/**
 * What an application records as accepted: the agreements in force. When the app says which
 * ones the user read, they must be exactly those: an application on an older wording is
 * refused, so what is recorded is what the user saw.
 */
export function agreementsToRecord(sent: readonly AcceptedAgreement[] | undefined) {
  const current = currentAgreements();
  if (sent === undefined) return current;
  const key = (agreement: AcceptedAgreement) => `${agreement.id}@${agreement.version}`;
  const wanted = new Set(current.map(key));
  const given = new Set(sent.map(key));
  if (given.size !== wanted.size || [...wanted].some((each) => !given.has(each)))
    throw new DomainError('agreements_changed', { data: { field: 'agreements', current } });
  return current;
}

const QUICK_AMOUNTS = ['50', '100', '200', '500'] as const;

/** BINs of the reference issuer: one per card type, the same in every region. */
const BINS: Record<CardType, string> = { virtual: '48592100', physical: '48592200' };

export function cardAmount(units: bigint): string {
  return wireAmount(CARD_COIN, units);
}

/** `translate` puts a message in the user's language. */
export function cardInfo(
  settings: CardSettings,
  translate: (message: MessageDescriptor) => string,
): CardInfoData {
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
    agreements: CARD_AGREEMENTS.map(({ id, version, title, text }) => ({
      id,
      version,
      title: translate(title),
      text: translate(text),
    })),
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
