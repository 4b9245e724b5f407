// The countries a physical card can be delivered to, and the shape of each one's postcode.
// A postcode is checked only against a format known here; a country without postcodes (Hong
// Kong) takes none. Names on screen come from Intl.DisplayNames: nothing here to translate.

/** ISO 3166-1 alpha-2 codes, the card regions first. */
export const DELIVERY_COUNTRIES = [
  'HK',
  'SG',
  'GB',
  'US',
  'AU',
  'BR',
  'CA',
  'CN',
  'DE',
  'FR',
  'ID',
  'IN',
  'JP',
  'KR',
  'MY',
  'PH',
  'PT',
  'TH',
  'TW',
  'VN',
] as const;
export type DeliveryCountry = (typeof DELIVERY_COUNTRIES)[number];

/** Each country's postcode, as people write it (spaces and case as commonly typed); null: none. */
export const POSTCODE_FORMATS: Readonly<Record<DeliveryCountry, RegExp | null>> = {
  HK: null,
  SG: /^\d{6}$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  US: /^\d{5}(-\d{4})?$/,
  AU: /^\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  CN: /^\d{6}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  ID: /^\d{5}$/,
  IN: /^\d{6}$/,
  JP: /^\d{3}-?\d{4}$/,
  KR: /^\d{5}$/,
  MY: /^\d{5}$/,
  PH: /^\d{4}$/,
  PT: /^\d{4}-\d{3}$/,
  TH: /^\d{5}$/,
  TW: /^\d{3}(\d{2,3})?$/,
  VN: /^\d{6}$/,
};

export function isDeliveryCountry(code: string): code is DeliveryCountry {
  return (DELIVERY_COUNTRIES as readonly string[]).includes(code);
}

/** Whether the country's addresses carry a postcode. */
export function needsPostcode(country: string): boolean {
  return isDeliveryCountry(country) && POSTCODE_FORMATS[country] !== null;
}

/** An empty postcode is judged by needsPostcode; a given one must fit the country's format. */
export function postcodeFits(country: string, postcode: string): boolean {
  if (!isDeliveryCountry(country)) return true;
  const format = POSTCODE_FORMATS[country];
  return format === null ? postcode === '' : format.test(postcode);
}
