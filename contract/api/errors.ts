// THE error catalogue: every failure the API can answer with, its body `code`, its HTTP
// status and its message. Messages are written as `/*i18n*/` descriptors so Lingui extracts
// them into the .po catalogs without macros; the server localises them by the LANG header.
//
// Body codes: the generic errors use their HTTP status; specific ones add two digits to it
// (40101…), so a client can tell them apart without reading the text. `invite_required` is
// the spec's special case (§6, §8): HTTP 401 with body code 200.

export interface MessageDescriptor {
  readonly id: string;
  readonly message: string;
  /** A note for translators, extracted into the catalogues. */
  readonly comment?: string;
}

interface ErrorEntry {
  readonly code: number;
  readonly status: number;
  readonly message: MessageDescriptor;
}

export const apiErrors = {
  bad_request: {
    code: 400,
    status: 400,
    message: /*i18n*/ { id: 'error.bad_request', message: 'Bad request' },
  },
  invalid_json: {
    code: 40001,
    status: 400,
    message: /*i18n*/ { id: 'error.invalid_json', message: 'The request body is not valid JSON' },
  },
  // 400 rather than 413: the app shows the server's message for 400 answers (spec §8).
  request_too_large: {
    code: 40002,
    status: 400,
    message: /*i18n*/ { id: 'error.request_too_large', message: 'The request is too large' },
  },
  unsupported_media_type: {
    code: 40003,
    status: 400,
    message: /*i18n*/ {
      id: 'error.unsupported_media_type',
      message: 'The request body must be JSON (Content-Type: application/json)',
    },
  },
  /** `data` carries `{ field, issues }`: which input was wrong and why. */
  validation: {
    code: 40004,
    status: 400,
    message: /*i18n*/ { id: 'error.validation', message: 'Invalid value for {field}' },
  },
  invalid_address: {
    code: 40005,
    status: 400,
    message: /*i18n*/ { id: 'error.invalid_address', message: 'Invalid wallet address' },
  },
  invalid_amount: {
    code: 40006,
    status: 400,
    message: /*i18n*/ { id: 'error.invalid_amount', message: 'Invalid amount' },
  },
  amount_not_positive: {
    code: 40007,
    status: 400,
    message: /*i18n*/ {
      id: 'error.amount_not_positive',
      message: 'The amount must be greater than 0',
    },
  },
  amount_too_precise: {
    code: 40008,
    status: 400,
    message: /*i18n*/ {
      id: 'error.amount_too_precise',
      message: 'The amount can have at most {decimals} decimal places',
    },
  },
  amount_too_large: {
    code: 40009,
    status: 400,
    message: /*i18n*/ { id: 'error.amount_too_large', message: 'The amount is too large' },
  },
  insufficient_balance: {
    code: 40010,
    status: 400,
    message: /*i18n*/ { id: 'error.insufficient_balance', message: 'Not enough balance' },
  },
  amount_required: {
    code: 40013,
    status: 400,
    message: /*i18n*/ { id: 'error.amount_required', message: 'Enter an amount' },
  },
  amount_below_minimum: {
    code: 40014,
    status: 400,
    message: /*i18n*/ {
      id: 'error.amount_below_minimum',
      message: 'The amount is below the minimum of {minimum}',
    },
  },
  invalid_tron_address: {
    code: 40015,
    status: 400,
    message: /*i18n*/ {
      id: 'error.invalid_tron_address',
      message: 'Invalid TRC20 address (a TRON address starts with T)',
    },
  },
  tron_address_checksum: {
    code: 40020,
    status: 400,
    message: /*i18n*/ {
      id: 'error.tron_address_checksum',
      message: 'The TRC20 address checksum is wrong: check it for a typo',
    },
  },
  transfer_to_self: {
    code: 40016,
    status: 400,
    message: /*i18n*/ { id: 'error.transfer_to_self', message: 'You cannot transfer to yourself' },
  },
  /** Every money POST carries an `Idempotency-Key` header (contract/api/money.ts). */
  idempotency_key_required: {
    code: 40017,
    status: 400,
    message: /*i18n*/ {
      id: 'error.idempotency_key_required',
      message: 'The request needs an Idempotency-Key header',
    },
  },
  coin_not_withdrawable: {
    code: 40018,
    status: 400,
    message: /*i18n*/ {
      id: 'error.coin_not_withdrawable',
      message: 'This coin cannot be withdrawn',
    },
  },
  invite_invalid: {
    code: 40011,
    status: 400,
    message: /*i18n*/ { id: 'error.invite_invalid', message: 'Invalid invite code' },
  },
  unknown_asset: {
    code: 40012,
    status: 400,
    message: /*i18n*/ { id: 'error.unknown_asset', message: 'Unknown asset' },
  },
  /** Without PUBLIC_URL only loopback hosts are served; the Host header named another. */
  host_not_allowed: {
    code: 40030,
    status: 400,
    message: /*i18n*/ {
      id: 'error.host_not_allowed',
      message: 'This server does not serve this host name. Open the site at its public address.',
    },
  },
  /** HTTP 400, not 404, so the app shows this message rather than "request failed" (§8). */
  recipient_not_found: {
    code: 40019,
    status: 400,
    message: /*i18n*/ {
      id: 'error.recipient_not_found',
      message: 'No JU Wallet user has this address',
    },
  },
  /** Not signed in, or the session expired: the app signs out (spec §8). */
  unauthorized: {
    code: 401,
    status: 401,
    message: /*i18n*/ {
      id: 'error.unauthorized',
      message: 'You are not signed in or your session has expired. Please sign in again.',
    },
  },
  invite_required: {
    code: 200,
    status: 401,
    message: /*i18n*/ { id: 'error.invite_required', message: 'Enter an invite code to register' },
  },
  nonce_unknown_or_used: {
    code: 40101,
    status: 401,
    message: /*i18n*/ {
      id: 'error.nonce_unknown_or_used',
      message: 'This sign-in request is unknown or was already used. Please sign in again.',
    },
  },
  message_expired: {
    code: 40102,
    status: 401,
    message: /*i18n*/ {
      id: 'error.message_expired',
      message: 'The sign-in message has expired. Please sign in again.',
    },
  },
  message_not_yet_valid: {
    code: 40103,
    status: 401,
    message: /*i18n*/ {
      id: 'error.message_not_yet_valid',
      message: 'The sign-in message is not valid yet',
    },
  },
  domain_mismatch: {
    code: 40104,
    status: 401,
    message: /*i18n*/ {
      id: 'error.domain_mismatch',
      message: 'The sign-in message is for another website',
    },
  },
  chain_mismatch: {
    code: 40105,
    status: 401,
    message: /*i18n*/ {
      id: 'error.chain_mismatch',
      message: 'The sign-in message is for another network',
    },
  },
  bad_signature: {
    code: 40106,
    status: 401,
    message: /*i18n*/ { id: 'error.bad_signature', message: 'Invalid signature' },
  },
  malformed_message: {
    code: 40107,
    status: 401,
    message: /*i18n*/ {
      id: 'error.malformed_message',
      message: 'The sign-in message is malformed',
    },
  },
  address_mismatch: {
    code: 40108,
    status: 401,
    message: /*i18n*/ {
      id: 'error.address_mismatch',
      message: 'The sign-in message is for another address',
    },
  },
  admin_unauthorized: {
    code: 40109,
    status: 401,
    message: /*i18n*/ {
      id: 'error.admin_unauthorized',
      message: 'The admin token is missing or wrong',
    },
  },
  forbidden: {
    code: 403,
    status: 403,
    message: /*i18n*/ { id: 'error.forbidden', message: 'No permission' },
  },
  not_found: {
    code: 404,
    status: 404,
    message: /*i18n*/ { id: 'error.not_found', message: 'Not found' },
  },
  user_not_found: {
    code: 40401,
    status: 404,
    message: /*i18n*/ { id: 'error.user_not_found', message: 'No user with this address' },
  },
  withdrawal_not_found: {
    code: 40403,
    status: 404,
    message: /*i18n*/ { id: 'error.withdrawal_not_found', message: 'No such withdrawal' },
  },
  request_timeout: {
    code: 408,
    status: 408,
    message: /*i18n*/ {
      id: 'error.request_timeout',
      message: 'The request took too long to arrive',
    },
  },
  /** No live session of this user has that id (it ended, or it is another user's). */
  session_not_found: {
    code: 40404,
    status: 404,
    message: /*i18n*/ {
      id: 'error.session_not_found',
      message: 'This session has already ended',
    },
  },
  conflict: {
    code: 409,
    status: 409,
    message: /*i18n*/ {
      id: 'error.conflict',
      message: 'The request conflicts with the current state',
    },
  },
  idempotency_conflict: {
    code: 40901,
    status: 409,
    message: /*i18n*/ {
      id: 'error.idempotency_conflict',
      message: 'This idempotency key was already used for a different request',
    },
  },
  /** An operator tried to settle or fail a withdrawal that is no longer processing. */
  withdrawal_not_processing: {
    code: 40902,
    status: 409,
    message: /*i18n*/ {
      id: 'error.withdrawal_not_processing',
      message: 'This withdrawal is no longer processing',
    },
  },
  headers_too_large: {
    code: 431,
    status: 431,
    message: /*i18n*/ {
      id: 'error.headers_too_large',
      message: 'The request headers are too large',
    },
  },
  // ---- Payments on the chain: tickets, cycles, nodes, release (issue 8) ----
  tx_hash_required: {
    code: 40040,
    status: 400,
    message: /*i18n*/ { id: 'error.tx_hash_required', message: 'Enter the transaction hash' },
  },
  tx_hash_invalid: {
    code: 40041,
    status: 400,
    message: /*i18n*/ {
      id: 'error.tx_hash_invalid',
      message: 'The transaction hash must be 0x followed by 64 hexadecimal characters',
    },
  },
  payment_reverted: {
    code: 40042,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_reverted',
      message: 'This transaction failed on the chain; nothing was paid',
    },
  },
  payment_wrong_sender: {
    code: 40043,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_wrong_sender',
      message: 'This transaction was not sent from your wallet address',
    },
  },
  payment_wrong_recipient: {
    code: 40044,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_wrong_recipient',
      message: 'This transaction did not pay the JU Wallet treasury',
    },
  },
  payment_wrong_amount: {
    code: 40045,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_wrong_amount',
      message: 'This transaction did not pay the amount asked for',
    },
  },
  payment_wrong_chain: {
    code: 40046,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_wrong_chain',
      message: 'This transaction is on another network',
    },
  },
  payment_not_found: {
    code: 40047,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_not_found',
      message: 'The chain does not know this transaction',
    },
  },
  hash_already_exists: {
    code: 40048,
    status: 400,
    message: /*i18n*/ { id: 'error.hash_already_exists', message: 'Hash already exists' },
  },
  /** A ticket hash someone else has applied with; who it was is not said. */
  ticket_hash_applied: {
    code: 40021,
    status: 400,
    message: /*i18n*/ {
      id: 'error.ticket_hash_applied',
      message: 'This transaction hash has already been applied for',
    },
  },
  ticket_already_applied: {
    code: 40049,
    status: 400,
    message: /*i18n*/ { id: 'error.ticket_already_applied', message: 'You have already applied' },
  },
  ticket_not_valid: {
    code: 40050,
    status: 400,
    message: /*i18n*/ {
      id: 'error.ticket_not_valid',
      message: 'This ticket cannot be used: it is invalidated, in a cycle or not paid yet',
    },
  },
  node_sold_out: {
    code: 40051,
    status: 400,
    message: /*i18n*/ { id: 'error.node_sold_out', message: 'Not enough nodes are left' },
  },
  node_limit_reached: {
    code: 40052,
    status: 400,
    message: /*i18n*/ {
      id: 'error.node_limit_reached',
      message:
        'This would take you over the limit of {limit, plural, one {# node} other {# nodes}} per user',
    },
  },
  node_order_expired: {
    code: 40053,
    status: 400,
    message: /*i18n*/ {
      id: 'error.node_order_expired',
      message: 'This quote has expired; get a new one',
    },
  },
  release_amount_exceeds: {
    code: 40054,
    status: 400,
    message: /*i18n*/ {
      id: 'error.release_amount_exceeds',
      message: 'That is more than has been released to you',
    },
  },
  /** Operator's release demo (release advance): nothing to advance without an approval. */
  release_not_approved: {
    code: 40933,
    status: 409,
    message: /*i18n*/ {
      id: 'error.release_not_approved',
      message: 'This user has no approved ticket dividend application',
    },
  },
  release_pool_underfunded: {
    code: 40055,
    status: 400,
    message: /*i18n*/ {
      id: 'error.release_pool_underfunded',
      message: 'The release pool cannot cover this right now; try later',
    },
  },
  ju_fee_hash_required: {
    code: 40056,
    status: 400,
    message: /*i18n*/ {
      id: 'error.ju_fee_hash_required',
      message: 'Pay the JU network fee from your wallet first',
    },
  },
  ju_fee_payment_failed: {
    code: 40057,
    status: 400,
    message: /*i18n*/ {
      id: 'error.ju_fee_payment_failed',
      message: 'JU fee payment failed, try again',
    },
  },
  chain_payments_unavailable: {
    code: 40058,
    status: 400,
    message: /*i18n*/ {
      id: 'error.chain_payments_unavailable',
      message: 'Payments on the chain are not available on this server',
    },
  },
  chain_unreachable: {
    code: 40059,
    status: 400,
    message: /*i18n*/ {
      id: 'error.chain_unreachable',
      message: 'The chain cannot be reached right now; try later',
    },
  },
  payment_not_seen: {
    code: 40090,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_not_seen',
      message:
        'The chain has not seen this transaction yet. Check the hash, or try again in a moment.',
    },
  },
  payment_cancelled: {
    code: 40091,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_cancelled',
      message: 'This payment was cancelled in the wallet; nothing was paid',
    },
  },
  too_many_unmined_payments: {
    code: 40092,
    status: 400,
    message: /*i18n*/ {
      id: 'error.too_many_unmined_payments',
      message:
        'You already have {count} payments waiting to be mined; this one is taken once they are',
    },
  },
  /** `data.sender`: the wallet whose signature would claim the payment. */
  payment_claim_invalid: {
    code: 40093,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_claim_invalid',
      message: 'The claim was not signed by the wallet that sent this payment',
    },
  },
  // The request envelope's refusals (docs/protocol.md "Request envelope" §8, contract/api/envelope/refusals.ts):
  // answered in the clear, each saying which check failed and nothing about the request.
  /** Not a sealed request: too short, or the call inside is not one. */
  envelope_bad_framing: {
    code: 40094,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_bad_framing',
      message: 'The encrypted request could not be read',
    },
  },
  /** Sealed to a key the server does not hold (any more): the app reloads /config.json. */
  envelope_unknown_key: {
    code: 40095,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_unknown_key',
      message: 'The request was encrypted with a key this server no longer uses',
    },
  },
  envelope_auth_failed: {
    code: 40096,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_auth_failed',
      message: 'The encrypted request could not be opened',
    },
  },
  envelope_bad_md5: {
    code: 40097,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_bad_md5',
      message: 'The signature of the request is wrong',
    },
  },
  /** `data.server_time`: the server's clock, so the app corrects its own and retries once. */
  envelope_stale_timestamp: {
    code: 40098,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_stale_timestamp',
      message:
        'The time of the request is too far from the server time; check the clock of this device',
    },
  },
  envelope_replayed: {
    code: 40099,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_replayed',
      message: 'This request was already received',
    },
  },
  ticket_not_found: {
    code: 40410,
    status: 404,
    message: /*i18n*/ { id: 'error.ticket_not_found', message: 'No such ticket' },
  },
  node_order_not_found: {
    code: 40411,
    status: 404,
    message: /*i18n*/ { id: 'error.node_order_not_found', message: 'No such node order' },
  },
  ticket_application_not_found: {
    code: 40412,
    status: 404,
    message: /*i18n*/ {
      id: 'error.ticket_application_not_found',
      message: 'No such ticket application',
    },
  },
  chain_payment_unknown: {
    code: 40413,
    status: 404,
    message: /*i18n*/ {
      id: 'error.chain_payment_unknown',
      message: 'No payment of yours has this hash',
    },
  },
  node_order_not_open: {
    code: 40910,
    status: 409,
    message: /*i18n*/ {
      id: 'error.node_order_not_open',
      message: 'This node order is no longer open',
    },
  },
  ticket_application_not_pending: {
    code: 40911,
    status: 409,
    message: /*i18n*/ {
      id: 'error.ticket_application_not_pending',
      message: 'This ticket application was already reviewed',
    },
  },
  /** An operator tried to approve an application whose payment the chain has not confirmed. */
  ticket_application_unpaid: {
    code: 40914,
    status: 409,
    message: /*i18n*/ {
      id: 'error.ticket_application_unpaid',
      message: 'The payment of this ticket application is not confirmed on the chain',
    },
  },
  /** An operator tried to complete a JU withdrawal whose fee payment the chain has not confirmed. */
  withdrawal_fee_unconfirmed: {
    code: 40912,
    status: 409,
    message: /*i18n*/ {
      id: 'error.withdrawal_fee_unconfirmed',
      message: 'The JU fee payment of this withdrawal is not confirmed on the chain yet',
    },
  },
  // Card service (issue 9): holders, addresses, applications, cards, recharges, photos.
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
  /** A completed withdrawal's transaction id is not one of its network's (operator). */
  withdrawal_txid_invalid: {
    code: 40033,
    status: 400,
    message: /*i18n*/ {
      id: 'error.withdrawal_txid_invalid',
      message:
        "This is not a transaction id of the withdrawal's network: TRON takes 64 hexadecimal digits, JuChain 0x and 64",
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
  /** Names, addresses and remarks: see contract/api/plainText.ts. */
  control_characters: {
    code: 40035,
    status: 400,
    message: /*i18n*/ {
      id: 'error.control_characters',
      message:
        'Invisible control characters are not allowed here. Type the text again without them.',
    },
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
  // Content, notices and mall orders (issue 10).
  content_invalid: {
    code: 40080,
    status: 400,
    message: /*i18n*/ {
      id: 'error.content_invalid',
      message: 'The content does not have the expected shape: {field}',
    },
  },
  unknown_language: {
    code: 40081,
    status: 400,
    message: /*i18n*/ { id: 'error.unknown_language', message: 'Unknown language' },
  },
  notice_not_found: {
    code: 40430,
    status: 404,
    message: /*i18n*/ { id: 'error.notice_not_found', message: 'No such notice' },
  },
  order_not_found: {
    code: 40431,
    status: 404,
    message: /*i18n*/ { id: 'error.order_not_found', message: 'No such order' },
  },
  order_not_shipped: {
    code: 40930,
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_shipped',
      message: 'This order has not been shipped yet',
    },
  },
  order_already_received: {
    code: 40931,
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_already_received',
      message: 'Receipt of this order was already confirmed',
    },
  },
  order_not_pending: {
    code: 40932,
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_pending',
      message: 'This order is no longer waiting to be shipped',
    },
  },
  rate_limited: {
    code: 429,
    status: 429,
    message: /*i18n*/ { id: 'error.rate_limited', message: 'Too frequent requests, try later' },
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
  /** Load shedding: refused before any work; `data.retry_after_seconds` says when to retry. */
  server_busy: {
    code: 503,
    status: 503,
    message: /*i18n*/ {
      id: 'error.server_busy',
      message: 'The server is busy, try again in a moment',
    },
  },
  internal: {
    code: 500,
    status: 500,
    message: /*i18n*/ { id: 'error.internal', message: 'Server error, try later' },
  },
} as const satisfies Record<string, ErrorEntry>;

export type ApiErrorName = keyof typeof apiErrors;

export interface ApiErrorDefinition extends ErrorEntry {
  readonly name: ApiErrorName;
}

export function apiErrorByName(name: ApiErrorName): ApiErrorDefinition {
  return { name, ...apiErrors[name] };
}

/** The catalogue entry for a body code, if any; `invite_required` is found by code 200. */
export function apiErrorByCode(code: number): ApiErrorDefinition | undefined {
  const name = (Object.keys(apiErrors) as ApiErrorName[]).find(
    (key) => apiErrors[key].code === code,
  );
  return name === undefined ? undefined : apiErrorByName(name);
}

export function isApiErrorName(value: unknown): value is ApiErrorName {
  return typeof value === 'string' && Object.hasOwn(apiErrors, value);
}
