// Typed text that cannot hide anything, and a cap on what one user keeps, on SQLite and
// PostgreSQL: control characters and bidirectional overrides are refused in holder names and
// addresses, delivery addresses and the ticket transfer remark, with the field named and
// nothing stored; a user keeps at most CARD_MAX_HOLDERS_PER_USER holders and
// CARD_MAX_ADDRESSES_PER_USER delivery addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { transferListDataSchema, transferPaths } from '../../contract/api/transfer.ts';
import {
  addressListDataSchema,
  addressPaths,
  deliveryAddressSchema,
} from '../../contract/api/card/addresses.ts';
import { holderListDataSchema, holderPaths } from '../../contract/api/card/holders.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { credit, dataOf, expectRefusal, refusal, transfer } from './support/money.ts';
import {
  ADDRESS_FIELDS,
  addHolder,
  HOLDER_FIELDS,
  sampleJpeg,
  uploadPhoto,
  cardPost,
} from './support/card.ts';

const HIDDEN = {
  NUL: '\u0000',
  'right-to-left override': '\u202E',
  'left-to-right embedding': '\u202A',
  'first strong isolate': '\u2068',
  'byte order mark': '\uFEFF',
  'C1 control': '\u0085',
  'line feed': '\n',
};

describe('control characters', () => {
  let server: TestServer;
  const alice = testWallet('card text alice');
  const bob = testWallet('card text bob');
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    token = await login(server, alice);
    await login(server, bob);
  });
  afterAll(() => server.close());

  const holders = async () =>
    dataOf(await cardPost(server, token, holderPaths.holderList, {}), holderListDataSchema).total;
  const addresses = async () =>
    dataOf(await cardPost(server, token, addressPaths.addressList, {}), addressListDataSchema)
      .total;

  it.each(Object.entries(HIDDEN))(
    'a %s in a holder name or billing address is refused, naming the field; nothing is stored',
    async (_name, character) => {
      const photo = await uploadPhoto(server, token, await sampleJpeg());
      for (const field of ['first_name', 'last_name', 'province', 'city', 'district', 'address']) {
        const answer = await cardPost(server, token, holderPaths.addHolder, {
          ...HOLDER_FIELDS,
          photos: [photo],
          [field]: `Zhang${character}San`,
        });
        expectRefusal(answer, ...refusal('control_characters'));
        expect(answer.body.data).toMatchObject({ field });
        expect(answer.body.message).toBe(apiErrors.control_characters.message.message);
      }
      expect(await holders()).toBe(0);
    },
  );

  it('an edit of a holder is refused the same way and leaves it unchanged', async () => {
    const holder = await addHolder(server, token);
    const answer = await cardPost(server, token, holderPaths.editHolder, {
      ...HOLDER_FIELDS,
      id: holder.id,
      photos: holder.photos,
      last_name: '\u202Eiloh',
    });
    expectRefusal(answer, ...refusal('control_characters'));
    expect(answer.body.data).toMatchObject({ field: 'last_name' });
    const list = dataOf(
      await cardPost(server, token, holderPaths.holderList, {}),
      holderListDataSchema,
    );
    expect(list.list.find((row) => row.id === holder.id)?.last_name).toBe('Zhang');
    await cardPost(server, token, holderPaths.deleteHolder, { id: holder.id });
  });

  it.each(Object.entries(HIDDEN))(
    'a %s in any delivery address field is refused on add and on edit',
    async (_name, character) => {
      // The country is chosen from a list, not typed: anything else is not a country.
      for (const field of Object.keys(ADDRESS_FIELDS).filter((name) => name !== 'country')) {
        const answer = await cardPost(server, token, addressPaths.addAddress, {
          ...ADDRESS_FIELDS,
          [field]: `${character}深圳`,
        });
        expectRefusal(answer, ...refusal('control_characters'));
        expect(answer.body.data).toMatchObject({ field });
      }
      expect(await addresses()).toBe(0);
    },
  );

  it('an address edit with an override is refused; the address keeps its text', async () => {
    const added = dataOf(
      await cardPost(server, token, addressPaths.addAddress, ADDRESS_FIELDS),
      deliveryAddressSchema,
    );
    const answer = await cardPost(server, token, addressPaths.editAddress, {
      ...ADDRESS_FIELDS,
      id: added.id,
      name: 'Zhang\u202ESan',
    });
    expectRefusal(answer, ...refusal('control_characters'));
    const detail = dataOf(
      await cardPost(server, token, addressPaths.addressDetail, { id: added.id }),
      deliveryAddressSchema,
    );
    expect(detail.name).toBe(ADDRESS_FIELDS.name);
    await cardPost(server, token, addressPaths.deleteAddress, { id: added.id });
  });

  it('a ticket transfer remark with a control character moves nothing', async () => {
    await credit(server, alice.address, 'TICKET', '5');
    for (const remark of ['for \u202Elunch', 'line\nbreak', '\uFEFFthanks', 'nul\u0000']) {
      const answer = await transfer(server, token, { address: bob.address, amount: '1', remark });
      expectRefusal(answer, ...refusal('control_characters'));
      expect(answer.body.data).toMatchObject({ field: 'remark' });
    }
    const sent = dataOf(
      await server.request('GET', `${transferPaths.list}?direction=out`, { token }),
      transferListDataSchema,
    );
    expect(sent.total).toBe(0);
    // An ordinary remark in any script still goes through.
    const answer = await transfer(server, token, {
      address: bob.address,
      amount: '1',
      remark: '午饭 ค่าอาหาร 👩‍💻',
    });
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('holders and addresses per user', () => {
  let server: TestServer;
  const carol = testWallet('card caps carol');
  const dave = testWallet('card caps dave');
  let carolToken: string;
  let daveToken: string;

  beforeAll(async () => {
    server = await startTestServer({
      inviteRequired: false,
      env: { CARD_MAX_HOLDERS_PER_USER: '2', CARD_MAX_ADDRESSES_PER_USER: '3' },
    });
    carolToken = await login(server, carol);
    daveToken = await login(server, dave);
  });
  afterAll(() => server.close());

  it('are 20 each unless the operator sets another number', async () => {
    const defaults = await startTestServer({ inviteRequired: false });
    try {
      expect(defaults.settings.card).toMatchObject({
        maxHoldersPerUser: 20,
        maxAddressesPerUser: 20,
      });
    } finally {
      await defaults.close();
    }
    expect(server.settings.card).toMatchObject({ maxHoldersPerUser: 2, maxAddressesPerUser: 3 });
  });

  it('a holder beyond the cap is refused with the cap in the message; deleting one makes room', async () => {
    const first = await addHolder(server, carolToken);
    await addHolder(server, carolToken);
    const photo = await uploadPhoto(server, carolToken, await sampleJpeg());
    const refused = await cardPost(server, carolToken, holderPaths.addHolder, {
      ...HOLDER_FIELDS,
      photos: [photo],
    });
    expectRefusal(refused, ...refusal('holder_limit_reached'));
    expect(refused.body.message).toBe('You can keep at most 2 holders. Delete one to add another.');
    expect(refused.body.data).toEqual({ max: 2 });
    expect(
      dataOf(await cardPost(server, carolToken, holderPaths.holderList, {}), holderListDataSchema)
        .total,
    ).toBe(2);
    // Another user's holders do not count against Carol's.
    await addHolder(server, daveToken);

    expect(
      (await cardPost(server, carolToken, holderPaths.deleteHolder, { id: first.id })).status,
    ).toBe(200);
    const again = await cardPost(server, carolToken, holderPaths.addHolder, {
      ...HOLDER_FIELDS,
      photos: [photo],
    });
    expect(again.status, again.text).toBe(200);
  });

  it('an address beyond the cap is refused, also when the adds arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        cardPost(server, carolToken, addressPaths.addAddress, ADDRESS_FIELDS),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expectRefusal(answer, ...refusal('address_limit_reached'));
      expect(answer.body.message).toBe(
        'You can keep at most 3 delivery addresses. Delete one to add another.',
      );
    }
    const list = dataOf(
      await cardPost(server, carolToken, addressPaths.addressList, {}),
      addressListDataSchema,
    );
    expect(list.total).toBe(3);
    // Editing one is not adding one.
    const edited = await cardPost(server, carolToken, addressPaths.editAddress, {
      ...ADDRESS_FIELDS,
      id: list.list[0]!.id,
      zip: '518057',
    });
    expect(edited.status, edited.text).toBe(200);
    await cardPost(server, carolToken, addressPaths.deleteAddress, { id: list.list[0]!.id });
    const room = await cardPost(server, carolToken, addressPaths.addAddress, ADDRESS_FIELDS);
    expect(room.status, room.text).toBe(200);
  });

  it('a cap outside 1 to 1000 stops the server at start with a clear message', async () => {
    await expect(startTestServer({ env: { CARD_MAX_ADDRESSES_PER_USER: '0' } })).rejects.toThrow(
      'CARD_MAX_ADDRESSES_PER_USER must be a whole number from 1 to 1000, got "0"',
    );
  });
});
