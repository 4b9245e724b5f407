// Card service refusals (issue 9): holders, addresses, applications, cards, recharges,
// photos, PINs. Part of the one catalogue assembled in ../errors.ts.
import type { ErrorEntry } from '../errorEntry.ts';

export const cardErrors = {
  holder_fields_required: {
    code: 40060,
    status: 400,
    message: /*i18n*/ {
      id: 'error.holder_fields_required',
      message: 'Please fill in all holder information',
    },
  },
  latin_text_required: {
    code: 40061,
    status: 400,
    message: /*i18n*/ {
      id: 'error.latin_text_required',
      message: 'Names and the billing address must be in English or pinyin',
    },
  },
  invalid_email: {
    code: 40062,
    status: 400,
    message: /*i18n*/ { id: 'error.invalid_email', message: 'Invalid email address' },
  },
  invalid_phone: {
    code: 40063,
    status: 400,
    message: /*i18n*/ { id: 'error.invalid_phone', message: 'Invalid phone number' },
  },
  invalid_date: {
    code: 40064,
    status: 400,
    message: /*i18n*/ {
      id: 'error.invalid_date',
      message: 'Enter a valid date (YYYY-MM-DD), not in the future for an issue date',
    },
  },
  id_expiry_before_issue: {
    code: 40065,
    status: 400,
    message: /*i18n*/ {
      id: 'error.id_expiry_before_issue',
      message: 'The expiry date must be after the issue date',
    },
  },
  id_expired: {
    code: 40066,
    status: 400,
    message: /*i18n*/ { id: 'error.id_expired', message: 'This identity document has expired' },
  },
  id_card_photos_required: {
    code: 40067,
    status: 400,
    message: /*i18n*/ {
      id: 'error.id_card_photos_required',
      message: 'Add photos of the front and the back of the ID card',
    },
  },
  passport_photo_required: {
    code: 40068,
    status: 400,
    message: /*i18n*/ {
      id: 'error.passport_photo_required',
      message: 'Add a photo of the passport',
    },
  },
  address_fields_required: {
    code: 40069,
    status: 400,
    message: /*i18n*/ {
      id: 'error.address_fields_required',
      message: 'Please fill in all address info',
    },
  },
  /** A delivery address names a country the cards are not sent to (api/postcodes.ts). */
  country_not_supported: {
    code: 40031,
    status: 400,
    message: /*i18n*/ {
      id: 'error.country_not_supported',
      message: 'Choose the country the card is delivered to',
    },
  },
  /** The postcode does not have the shape of the address's country's postcodes. */
  invalid_postcode: {
    code: 40032,
    status: 400,
    message: /*i18n*/ {
      id: 'error.invalid_postcode',
      message: 'This postcode is not valid for the chosen country',
    },
  },
  pin_invalid: {
    code: 40070,
    status: 400,
    message: /*i18n*/ { id: 'error.pin_invalid', message: 'The PIN must be 6 digits' },
  },
  pin_mismatch: {
    code: 40071,
    status: 400,
    message: /*i18n*/ { id: 'error.pin_mismatch', message: 'The two PINs do not match' },
  },
  agreement_required: {
    code: 40072,
    status: 400,
    message: /*i18n*/ { id: 'error.agreement_required', message: 'Please agree to the agreements' },
  },
  region_not_supported: {
    code: 40073,
    status: 400,
    message: /*i18n*/ {
      id: 'error.region_not_supported',
      message: 'Cards are not offered in this region',
    },
  },
  holder_not_approved: {
    code: 40074,
    status: 400,
    message: /*i18n*/ {
      id: 'error.holder_not_approved',
      message: 'This holder has not been approved yet',
    },
  },
  upload_type_not_allowed: {
    code: 40075,
    status: 400,
    message: /*i18n*/ {
      id: 'error.upload_type_not_allowed',
      message: 'Only JPEG, PNG or WebP photos can be uploaded',
    },
  },
  upload_too_large: {
    code: 40076,
    status: 400,
    message: /*i18n*/ { id: 'error.upload_too_large', message: 'The photo is too large' },
  },
  id_number_invalid: {
    code: 40077,
    status: 400,
    message: /*i18n*/ { id: 'error.id_number_invalid', message: 'Invalid ID number' },
  },
  upload_link_invalid: {
    code: 40078,
    status: 400,
    message: /*i18n*/ {
      id: 'error.upload_link_invalid',
      message: 'This upload link has expired or was already used. Upload the photo again.',
    },
  },
  reveal_signature_invalid: {
    code: 40079,
    status: 400,
    message: /*i18n*/ {
      id: 'error.reveal_signature_invalid',
      message: 'The signature is not valid or has expired. Sign again.',
    },
  },
  pin_too_simple: {
    code: 40036,
    status: 400,
    message: /*i18n*/ {
      id: 'error.pin_too_simple',
      message: 'Choose a PIN that is not one digit repeated or a run such as 123456 or 654321',
    },
  },
  pin_current_required: {
    code: 40037,
    status: 400,
    message: /*i18n*/ {
      id: 'error.pin_current_required',
      message: 'Enter the current PIN to change it',
    },
  },
  pin_current_wrong: {
    code: 40038,
    status: 400,
    message: /*i18n*/ { id: 'error.pin_current_wrong', message: 'The current PIN is wrong' },
  },
  holder_not_found: {
    code: 40420,
    status: 404,
    message: /*i18n*/ { id: 'error.holder_not_found', message: 'No such holder' },
  },
  address_not_found: {
    code: 40421,
    status: 404,
    message: /*i18n*/ { id: 'error.address_not_found', message: 'No such address' },
  },
  application_not_found: {
    code: 40422,
    status: 404,
    message: /*i18n*/ { id: 'error.application_not_found', message: 'No such card application' },
  },
  card_not_found: {
    code: 40423,
    status: 404,
    message: /*i18n*/ { id: 'error.card_not_found', message: 'No such card' },
  },
  recharge_not_found: {
    code: 40424,
    status: 404,
    message: /*i18n*/ { id: 'error.recharge_not_found', message: 'No such recharge' },
  },
  photo_not_found: {
    code: 40425,
    status: 404,
    message: /*i18n*/ {
      id: 'error.photo_not_found',
      message: 'This photo is unknown or was already used. Upload it again.',
    },
  },
  card_not_active: {
    code: 40920,
    status: 409,
    message: /*i18n*/ { id: 'error.card_not_active', message: 'This card is not active' },
  },
  card_already_active: {
    code: 40921,
    status: 409,
    message: /*i18n*/ { id: 'error.card_already_active', message: 'This card is already active' },
  },
  card_blocked: {
    code: 40922,
    status: 409,
    message: /*i18n*/ {
      id: 'error.card_blocked',
      message: 'This card was reported lost or stolen and is blocked for good',
    },
  },
  card_not_frozen: {
    code: 40923,
    status: 409,
    message: /*i18n*/ { id: 'error.card_not_frozen', message: 'This card is not frozen' },
  },
  card_not_physical: {
    code: 40924,
    status: 409,
    message: /*i18n*/ {
      id: 'error.card_not_physical',
      message: 'Only a physical card is activated',
    },
  },
  application_not_processing: {
    code: 40925,
    status: 409,
    message: /*i18n*/ {
      id: 'error.application_not_processing',
      message: 'This application has already been decided',
    },
  },
  application_not_reappliable: {
    code: 40926,
    status: 409,
    message: /*i18n*/ {
      id: 'error.application_not_reappliable',
      message:
        'Only a rejected application, or one whose card was reported lost or stolen, can be applied for again',
    },
  },
  holder_not_editable: {
    code: 40927,
    status: 409,
    message: /*i18n*/ {
      id: 'error.holder_not_editable',
      message: 'An approved holder cannot be changed',
    },
  },
  card_data_in_use: {
    code: 40928,
    status: 409,
    message: /*i18n*/ {
      id: 'error.card_data_in_use',
      message: 'It is used by a card application in progress and cannot be deleted',
    },
  },
  recharge_not_open: {
    code: 40929,
    status: 409,
    message: /*i18n*/ {
      id: 'error.recharge_not_open',
      message: 'This recharge has already been settled or failed',
    },
  },
  holder_limit_reached: {
    code: 40940,
    status: 409,
    message: /*i18n*/ {
      id: 'error.holder_limit_reached',
      message: 'You can keep at most {max} holders. Delete one to add another.',
    },
  },
  address_limit_reached: {
    code: 40941,
    status: 409,
    message: /*i18n*/ {
      id: 'error.address_limit_reached',
      message: 'You can keep at most {max} delivery addresses. Delete one to add another.',
    },
  },
  agreements_changed: {
    code: 40942,
    status: 409,
    message: /*i18n*/ {
      id: 'error.agreements_changed',
      message: 'The agreements have changed. Read the new version and agree again.',
    },
  },
  /** Too many wrong current PINs in a row: PIN changes wait (see updatePin in card.ts). */
  pin_locked: {
    code: 42901,
    status: 429,
    message: /*i18n*/ {
      id: 'error.pin_locked',
      message: 'Too many wrong PINs. Try again in {minutes} minutes.',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
