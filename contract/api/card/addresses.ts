// Card service: delivery addresses of physical cards (spec §5). Issue messages of the form
// schema are catalogue error names, so the app runs it in its form.
import * as v from 'valibot';
import type { ApiErrorName } from '../errors.ts';
import { noControlCharacters } from '../plainText.ts';
import { pagedList } from '../response.ts';
import { isDeliveryCountry, needsPostcode, postcodeFits } from '../postcodes.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  CARD_API,
  idRequestSchema,
  cardPageRequestSchema,
  requiredText,
  PHONE,
  matches,
} from './shared.ts';

const addressText = (maxLength: number) => requiredText('address_fields_required', maxLength);

const addressFieldEntries = {
  name: addressText(64),
  phone: v.pipe(addressText(24), matches(PHONE, 'invalid_phone')),
  /** Where the card is delivered (api/postcodes.ts). */
  // A missing key counts as empty, so it gets this message rather than a generic one.
  country: v.pipe(
    v.optional(v.string('country_not_supported' satisfies ApiErrorName), ''),
    v.check(isDeliveryCountry, 'country_not_supported' satisfies ApiErrorName),
  ),
  province: addressText(64),
  city: addressText(64),
  district: addressText(64),
  address: addressText(200),
  /** Required, in the country's format, where the country has postcodes; empty where not. */
  zip: v.pipe(
    v.optional(v.string('address_fields_required' satisfies ApiErrorName), ''),
    noControlCharacters(),
    v.trim(),
    v.maxLength(16, 'invalid_postcode' satisfies ApiErrorName),
  ),
};
type AddressFields = { country: string; zip: string };

/** The postcode is judged with the country it belongs to. */
function addressChecks<T extends AddressFields>() {
  return [
    v.forward(
      v.check<T, ApiErrorName>(
        ({ country, zip }) => zip !== '' || !needsPostcode(country),
        'address_fields_required',
      ),
      ['zip'] as never,
    ),
    v.forward(
      v.check<T, ApiErrorName>(
        ({ country, zip }) => zip === '' || postcodeFits(country, zip),
        'invalid_postcode',
      ),
      ['zip'] as never,
    ),
  ] as const;
}

/** Address form (addAddress; editAddress adds `id`): every field required (spec §5). */
const addressObject = v.object(addressFieldEntries);
export const addressFormSchema = v.pipe(
  addressObject,
  ...addressChecks<v.InferOutput<typeof addressObject>>(),
);
export const addAddressRequestSchema = addressFormSchema;
export type AddressForm = v.InferInput<typeof addressFormSchema>;
const editAddressObject = v.object({ ...idRequestSchema.entries, ...addressFieldEntries });
export const editAddressRequestSchema = v.pipe(
  editAddressObject,
  ...addressChecks<v.InferOutput<typeof editAddressObject>>(),
);
export type EditAddressRequest = v.InferInput<typeof editAddressRequestSchema>;

export const deliveryAddressSchema = v.object({
  id: v.string(),
  name: v.string(),
  phone: v.string(),
  /** Null for an address saved before countries were asked for. */
  country: v.optional(v.nullable(v.string()), null),
  province: v.string(),
  city: v.string(),
  district: v.string(),
  address: v.string(),
  zip: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type DeliveryAddress = v.InferOutput<typeof deliveryAddressSchema>;

export const addressListRequestSchema = cardPageRequestSchema;
export const addressListDataSchema = pagedList(deliveryAddressSchema);
export type AddressListData = v.InferOutput<typeof addressListDataSchema>;

export const addressPaths = {
  addAddress: `${CARD_API}/addAddress`,
  editAddress: `${CARD_API}/editAddress`,
  addressDetail: `${CARD_API}/addressDetail`,
  addressList: `${CARD_API}/addressList`,
  deleteAddress: `${CARD_API}/deleteAddress`,
} as const;

/** The addresses endpoints, described once (api/endpoint.ts). */
export const addressEndpoints = {
  addAddress: defineEndpoint({
    method: 'POST',
    path: addressPaths.addAddress,
    input: addAddressRequestSchema,
    output: deliveryAddressSchema,
    changes: ['cards'],
  }),
  editAddress: defineEndpoint({
    method: 'POST',
    path: addressPaths.editAddress,
    input: editAddressRequestSchema,
    output: deliveryAddressSchema,
    changes: ['cards'],
  }),
  addressDetail: defineEndpoint({
    method: 'POST',
    path: addressPaths.addressDetail,
    input: idRequestSchema,
    output: deliveryAddressSchema,
  }),
  addressList: defineEndpoint({
    method: 'POST',
    path: addressPaths.addressList,
    input: addressListRequestSchema,
    output: addressListDataSchema,
    paged: true,
  }),
  deleteAddress: defineEndpoint({
    method: 'POST',
    path: addressPaths.deleteAddress,
    input: idRequestSchema,
    output: v.null(),
    changes: ['cards'],
  }),
};
