// Delivery addresses over HTTP, on SQLite and PostgreSQL: adding, listing, editing and
// deleting, the country and its postcode format, and the §5 message for an incomplete one.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressListDataSchema,
  addressPaths,
  deliveryAddressSchema,
} from '../../contract/api/card/addresses.ts';
import { login, type TestServer, testWallet } from './harness.ts';
import { ADDRESS_FIELDS, cardPost } from './support/card.ts';
import { startCardHolderServer } from './support/cardHolderServer.ts';
import { dataOf, expectRefusal, refusal } from './support/money.ts';

describe('card delivery addresses', () => {
  let server: TestServer;
  const logLines: string[] = [];
  let aliceToken: string;

  beforeAll(async () => {
    server = await startCardHolderServer(logLines);
    aliceToken = await login(server, testWallet('card holders alice'));
  });
  afterAll(() => server.close());

  describe('addresses', () => {
    it('adds, lists, edits and deletes an address', async () => {
      const added = dataOf(
        await cardPost(server, aliceToken, addressPaths.addAddress, ADDRESS_FIELDS),
        deliveryAddressSchema,
      );
      expect(added).toMatchObject(ADDRESS_FIELDS);
      const edited = dataOf(
        await cardPost(server, aliceToken, addressPaths.editAddress, {
          ...ADDRESS_FIELDS,
          id: added.id,
          zip: '518057',
        }),
        deliveryAddressSchema,
      );
      expect(edited.zip).toBe('518057');
      const list = dataOf(
        await cardPost(server, aliceToken, addressPaths.addressList, {}),
        addressListDataSchema,
      );
      expect(list.list.map((row) => row.id)).toContain(added.id);
      dataOf(
        await cardPost(server, aliceToken, addressPaths.deleteAddress, { id: added.id }),
        v.null(),
      );
      expectRefusal(
        await cardPost(server, aliceToken, addressPaths.addressDetail, { id: added.id }),
        ...refusal('address_not_found'),
      );
    });

    it('keeps the country, and judges the postcode by its format there', async () => {
      const add = (fields: Record<string, string>) =>
        cardPost(server, aliceToken, addressPaths.addAddress, { ...ADDRESS_FIELDS, ...fields });
      const before = dataOf(
        await cardPost(server, aliceToken, addressPaths.addressList, {}),
        addressListDataSchema,
      ).total;

      const junk = await add({ country: 'SG', zip: 'abc!!' });
      expectRefusal(junk, ...refusal('invalid_postcode'));
      expect(junk.body.data.field).toBe('zip');
      expectRefusal(await add({ country: 'US', zip: '1234' }), ...refusal('invalid_postcode'));
      expectRefusal(await add({ country: 'SG', zip: '' }), ...refusal('address_fields_required'));
      // No country, or one cards are not sent to.
      const { country: _left, ...withoutCountry } = ADDRESS_FIELDS;
      const none = await cardPost(server, aliceToken, addressPaths.addAddress, withoutCountry);
      expectRefusal(none, ...refusal('country_not_supported'));
      expect(none.body.data.field).toBe('country');
      expectRefusal(await add({ country: 'XX' }), ...refusal('country_not_supported'));
      // Hong Kong has no postcodes: none is asked for, and one typed is refused.
      expectRefusal(await add({ country: 'HK', zip: '999077' }), ...refusal('invalid_postcode'));
      const inHongKong = dataOf(await add({ country: 'HK', zip: '' }), deliveryAddressSchema);
      expect(inHongKong).toMatchObject({ country: 'HK', zip: '' });
      const inBritain = dataOf(
        await add({ country: 'GB', zip: 'SW1A 1AA' }),
        deliveryAddressSchema,
      );
      expect(inBritain).toMatchObject({ country: 'GB', zip: 'SW1A 1AA' });
      const listed = dataOf(
        await cardPost(server, aliceToken, addressPaths.addressList, {}),
        addressListDataSchema,
      );
      // Only the two good ones were saved.
      expect(listed.total).toBe(before + 2);
      expect(listed.list.map((row) => row.country).slice(0, 2)).toEqual(['GB', 'HK']);
      for (const { id } of [inHongKong, inBritain])
        await cardPost(server, aliceToken, addressPaths.deleteAddress, { id });
    });

    it('refuses an incomplete address with "please fill in all address info"', async () => {
      // The country is chosen, not typed: its own refusal is below.
      for (const field of Object.keys(ADDRESS_FIELDS).filter((name) => name !== 'country')) {
        const answer = await cardPost(server, aliceToken, addressPaths.addAddress, {
          ...ADDRESS_FIELDS,
          [field]: '  ',
        });
        expectRefusal(answer, ...refusal('address_fields_required'));
        expect(answer.body.data.field).toBe(field);
        expect(answer.body.message).toBe('Please fill in all address info');
      }
      const { total } = dataOf(
        await cardPost(server, aliceToken, addressPaths.addressList, {}),
        addressListDataSchema,
      );
      expect(total).toBe(0);
    });
  });
});
