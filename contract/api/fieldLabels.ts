// Human names for the request fields a server message can name ("Invalid value for {field}"),
// so the message says "amount" in the user's language rather than a wire name such as `bin`.
// The wire name stays in the answer's `data.field` for the app to put the error on the field.
import type { MessageDescriptor } from './errors.ts';

export const fieldLabels: Readonly<Record<string, MessageDescriptor>> = {
  address: /*i18n*/ { id: 'field.address', message: 'address' },
  address_id: /*i18n*/ { id: 'field.address_id', message: 'delivery address' },
  agree: /*i18n*/ { id: 'field.agree', message: 'agreement' },
  agreements: /*i18n*/ { id: 'field.agreements', message: 'agreements' },
  amount: /*i18n*/ { id: 'field.amount', message: 'amount' },
  bin: /*i18n*/ {
    id: 'field.bin',
    message: 'card type',
    comment: 'Names a form field in "Invalid value for {field}": the kind of card applied for.',
  },
  body: /*i18n*/ { id: 'field.body', message: 'text' },
  city: /*i18n*/ { id: 'field.city', message: 'city' },
  code: /*i18n*/ { id: 'field.code', message: 'invite code' },
  coin: /*i18n*/ { id: 'field.coin', message: 'coin' },
  confirm_pin: /*i18n*/ { id: 'field.confirm_pin', message: 'repeated PIN' },
  content: /*i18n*/ { id: 'field.content', message: 'content' },
  content_type: /*i18n*/ { id: 'field.content_type', message: 'file type' },
  country: /*i18n*/ { id: 'field.country', message: 'country or region' },
  current_pin: /*i18n*/ { id: 'field.current_pin', message: 'current PIN' },
  device_id: /*i18n*/ { id: 'field.device_id', message: 'device' },
  direction: /*i18n*/ { id: 'field.direction', message: 'direction' },
  district: /*i18n*/ { id: 'field.district', message: 'district' },
  email: /*i18n*/ { id: 'field.email', message: 'email' },
  expiry_date: /*i18n*/ { id: 'field.expiry_date', message: 'expiry date' },
  fee_hash: /*i18n*/ { id: 'field.fee_hash', message: 'fee payment' },
  first_name: /*i18n*/ { id: 'field.first_name', message: 'first name' },
  hash: /*i18n*/ { id: 'field.hash', message: 'transaction hash' },
  holder_id: /*i18n*/ { id: 'field.holder_id', message: 'cardholder' },
  id: /*i18n*/ {
    id: 'field.id',
    message: 'record',
    comment: 'Which record a request is about (a card, an order, a notice…).',
  },
  'Idempotency-Key': /*i18n*/ {
    id: 'field.idempotency_key',
    message: 'Idempotency-Key header',
    comment: 'Keep the name Idempotency-Key as it is.',
  },
  id_number: /*i18n*/ { id: 'field.id_number', message: 'ID number' },
  id_type: /*i18n*/ { id: 'field.id_type', message: 'ID type' },
  issue_date: /*i18n*/ { id: 'field.issue_date', message: 'issue date' },
  items: /*i18n*/ { id: 'field.items', message: 'items' },
  lang: /*i18n*/ { id: 'field.lang', message: 'language' },
  last_name: /*i18n*/ { id: 'field.last_name', message: 'last name' },
  message: /*i18n*/ { id: 'field.message', message: 'message' },
  name: /*i18n*/ { id: 'field.name', message: 'name' },
  order_id: /*i18n*/ { id: 'field.order_id', message: 'order' },
  page: /*i18n*/ { id: 'field.page', message: 'page' },
  page_size: /*i18n*/ { id: 'field.page_size', message: 'page size' },
  payer_claim: /*i18n*/ { id: 'field.payer_claim', message: 'claim' },
  phone: /*i18n*/ { id: 'field.phone', message: 'phone' },
  photos: /*i18n*/ { id: 'field.photos', message: 'photos' },
  pin: /*i18n*/ { id: 'field.pin', message: 'PIN' },
  product: /*i18n*/ { id: 'field.product', message: 'product' },
  province: /*i18n*/ { id: 'field.province', message: 'province' },
  quantity: /*i18n*/ { id: 'field.quantity', message: 'quantity' },
  reason: /*i18n*/ { id: 'field.reason', message: 'reason' },
  region: /*i18n*/ { id: 'field.region', message: 'region' },
  remark: /*i18n*/ { id: 'field.remark', message: 'remark' },
  request: /*i18n*/ { id: 'field.request', message: 'request' },
  sign_message: /*i18n*/ { id: 'field.sign_message', message: 'sign-in message' },
  signature: /*i18n*/ { id: 'field.signature', message: 'signature' },
  size: /*i18n*/ { id: 'field.size', message: 'file size' },
  status: /*i18n*/ { id: 'field.status', message: 'status' },
  ticket_id: /*i18n*/ { id: 'field.ticket_id', message: 'ticket' },
  title: /*i18n*/ { id: 'field.title', message: 'title' },
  tracking_no: /*i18n*/ { id: 'field.tracking_no', message: 'tracking number' },
  type: /*i18n*/ { id: 'field.type', message: 'type' },
  version: /*i18n*/ { id: 'field.version', message: 'version' },
  zip: /*i18n*/ { id: 'field.zip', message: 'zip code' },
};

/**
 * The label for a field path from a valibot issue ("first_name", "items.0.amount"): its last
 * named part. Undefined for a name the catalogue does not know (an operator's content path).
 */
export function fieldLabel(path: string): MessageDescriptor | undefined {
  const name = path
    .split('.')
    .reverse()
    .find((part) => part !== '' && !/^\d+$/.test(part));
  return name === undefined ? undefined : fieldLabels[name];
}
