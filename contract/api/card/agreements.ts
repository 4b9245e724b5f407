// The agreements a card applicant reads and accepts, with their wording. `visa/info` serves
// them in the user's language; an application records the ids and versions accepted.
// Changing a wording means a new version, and a new message id carrying that version, so
// no translation of the old wording can stand in for the new one.
import type { MessageDescriptor } from '../errors.ts';

export interface CardAgreement {
  readonly id: string;
  readonly version: string;
  readonly title: MessageDescriptor;
  /** Paragraphs separated by a blank line. */
  readonly text: MessageDescriptor;
}

export const CARD_AGREEMENTS: readonly CardAgreement[] = [
  {
    id: 'cardholder_terms',
    version: '2026-01',
    title: /*i18n*/ { id: 'agreement.cardholder_terms.title', message: 'Cardholder terms' },
    text: /*i18n*/ {
      id: 'agreement.cardholder_terms.2026-01',
      message:
        'The card is issued by our card partner in the name of the holder you choose, once their identity has been approved. The application fee is paid from your USDT balance when you apply, and is returned only if the application is rejected.\n\nA recharge takes the amount and its fee from your USDT balance and puts the amount on the card; both are shown before you confirm. A recharge that fails is returned to your balance in full.\n\nKeep the card number, the CVV and the PIN to yourself. Report a lost or stolen card at once: it is blocked for good and its balance returns to your USDT balance.',
    },
  },
  {
    id: 'privacy_notice',
    version: '2026-01',
    title: /*i18n*/ { id: 'agreement.privacy_notice.title', message: 'Privacy notice' },
    text: /*i18n*/ {
      id: 'agreement.privacy_notice.2026-01',
      message:
        "To issue and run the card we keep the holder's name, contact details, billing address, identity document details and photos, and the delivery address of a physical card.\n\nIdentity data and photos are stored encrypted. Only the staff who review holders and our card partner see them. The photos are deleted when you delete the holder.\n\nWe keep the record of each application, with the agreements and versions you accepted, for as long as the law requires.",
    },
  },
];
