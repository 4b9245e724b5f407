// Card holders (identity review) over HTTP, on SQLite and PostgreSQL: §5 validation,
// encryption at rest, authorisation, unused photos swept, nothing identifying in the log.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPaths, deliveryAddressSchema } from '../../contract/api/card/addresses.ts';
import {
  holderListDataSchema,
  holderPaths,
  holderSchema,
} from '../../contract/api/card/holders.ts';
import { uploadPaths } from '../../contract/api/card/uploads.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { adminCardPaths, adminHoldersDataSchema } from '../../server/admin/contractCard.ts';
import { login, type TestServer, testWallet } from './harness.ts';
import {
  addHolder,
  ADDRESS_FIELDS,
  cardPost,
  HOLDER_FIELDS,
  openSlot,
  sampleJpeg,
  uploadPhoto,
} from './support/card.ts';
import { startCardHolderServer, storedFilesOf } from './support/cardHolderServer.ts';
import { dataOf, expectRefusal, refusal } from './support/money.ts';

describe('card holders and their photos', () => {
  let server: TestServer;
  const logLines: string[] = [];
  const alice = testWallet('card holders alice');
  const mallory = testWallet('card holders mallory');
  let aliceToken: string;
  let malloryToken: string;

  beforeAll(async () => {
    server = await startCardHolderServer(logLines);
    aliceToken = await login(server, alice);
    malloryToken = await login(server, mallory);
  });
  afterAll(() => server.close());

  const filesDir = () => path.join(server.dataDir, 'card-files');
  const storedFiles = () => storedFilesOf(server);

  describe('holders', () => {
    it('adds a holder with a photo; lists mask the id number; the detail shows it to the owner', async () => {
      const holder = await addHolder(server, aliceToken);
      expect(holder).toMatchObject({ ...HOLDER_FIELDS, status: 'pending', reject_reason: null });
      const { list } = dataOf(
        await cardPost(server, aliceToken, holderPaths.holderList, {}),
        holderListDataSchema,
      );
      expect(list[0]).toMatchObject({ id: holder.id, id_number: '*******32', status: 'pending' });
      const detail = dataOf(
        await cardPost(server, aliceToken, holderPaths.holderDetail, { id: holder.id }),
        holderSchema,
      );
      expect(detail.id_number).toBe(HOLDER_FIELDS.id_number);
      expect(detail.photos).toHaveLength(1);
    });

    it('an id card needs two photos, front and back, in that order', async () => {
      const front = await uploadPhoto(server, aliceToken, await sampleJpeg(51));
      const back = await uploadPhoto(server, aliceToken, await sampleJpeg(52));
      expectRefusal(
        await cardPost(server, aliceToken, holderPaths.addHolder, {
          ...HOLDER_FIELDS,
          id_type: 'id_card',
          photos: [front, front],
        }),
        ...refusal('id_card_photos_required'),
      );
      const holder = dataOf(
        await cardPost(server, aliceToken, holderPaths.addHolder, {
          ...HOLDER_FIELDS,
          id_type: 'id_card',
          id_number: '440305199001011234',
          photos: [front, back],
        }),
        holderSchema,
      );
      expect(holder).toMatchObject({ id_type: 'id_card', photos: [front, back] });
    });

    it('keeps identity data and photos encrypted at rest', async () => {
      const holder = await addHolder(server, aliceToken, { id_number: 'K1234567890' });
      const row = await server.db.kysely
        .selectFrom('card_holders')
        .selectAll()
        .where('id', '=', BigInt(holder.id))
        .executeTakeFirstOrThrow();
      const raw = JSON.stringify(row, (_key, value) =>
        typeof value === 'bigint' ? String(value) : value,
      );
      for (const secret of ['K1234567890', HOLDER_FIELDS.email, HOLDER_FIELDS.phone, 'Keji'])
        expect(raw).not.toContain(secret);
      // The stored photo is neither a JPEG nor readable without the key.
      for (const name of storedFiles()) {
        const bytes = readFileSync(path.join(filesDir(), name));
        expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      }
    });

    it("binds sealed identity data to its holder: copied onto another of the same user's holders, it does not open", async () => {
      const first = await addHolder(server, aliceToken, { id_number: 'P11112222' });
      const second = await addHolder(server, aliceToken, { id_number: 'P33334444' });
      const sealedOf = async (id: string) =>
        (
          await server.db.kysely
            .selectFrom('card_holders')
            .select('identity_sealed')
            .where('id', '=', BigInt(id))
            .executeTakeFirstOrThrow()
        ).identity_sealed;
      await server.db.kysely
        .updateTable('card_holders')
        .set({ identity_sealed: await sealedOf(second.id) })
        .where('id', '=', BigInt(first.id))
        .execute();
      const answer = await cardPost(server, aliceToken, holderPaths.holderDetail, { id: first.id });
      expectRefusal(answer, ...refusal('internal'));
      expect(answer.text).not.toContain('P33334444');
      await cardPost(server, aliceToken, holderPaths.deleteHolder, { id: first.id });
    });

    it('re-encodes photos and drops their metadata; only the owner and the operator can read them', async () => {
      const holder = await addHolder(server, aliceToken);
      const [file] = holder.photos;
      const own = await server.request('POST', uploadPaths.photo, {
        json: { id: file },
        token: aliceToken,
      });
      expect(own.status).toBe(200);
      expect(own.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(own.text, 'latin1');
      expect(bytes.length).toBeGreaterThan(0);
      const photo = await fetch(`${server.url}${uploadPaths.photo}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${aliceToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: file }),
      });
      const image = Buffer.from(await photo.arrayBuffer());
      const metadata = await sharp(image).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
      expect(image.toString('latin1')).not.toContain('secret camera owner');

      expectRefusal(
        await cardPost(server, malloryToken, uploadPaths.photo, { id: file }),
        ...refusal('photo_not_found'),
      );
      const operator = await fetch(`${server.url}${adminCardPaths.photo}?id=${file}`, {
        headers: { authorization: `Bearer ${server.adminToken}` },
      });
      expect(operator.status).toBe(200);
      expect((await sharp(Buffer.from(await operator.arrayBuffer())).metadata()).format).toBe(
        'jpeg',
      );
    });

    it('answers §5 messages for a holder: required fields, English or pinyin, dates, photos', async () => {
      const photo = await uploadPhoto(server, aliceToken, await sampleJpeg());
      const cases: [object, keyof typeof apiErrors, string][] = [
        [{ first_name: '' }, 'holder_fields_required', 'first_name'],
        [{ email: undefined }, 'holder_fields_required', 'email'],
        [{ last_name: '张' }, 'latin_text_required', 'last_name'],
        [{ address: '科技园 1 号' }, 'latin_text_required', 'address'],
        [{ email: 'not-an-email' }, 'invalid_email', 'email'],
        [{ issue_date: '2025-02-30' }, 'invalid_date', 'issue_date'],
        [{ issue_date: '2031-01-01', expiry_date: '2040-01-01' }, 'invalid_date', 'issue_date'],
        [{ expiry_date: '2024-01-01' }, 'id_expiry_before_issue', 'expiry_date'],
        // The server's clock says 2030-01-01.
        [{ issue_date: '2020-01-01', expiry_date: '2029-12-31' }, 'id_expired', 'expiry_date'],
        [{ photos: [] }, 'passport_photo_required', 'photos'],
        [{ id_type: 'id_card' }, 'id_card_photos_required', 'photos'],
      ];
      const before = (await server.db.kysely.selectFrom('card_holders').select('id').execute())
        .length;
      for (const [overrides, name, field] of cases) {
        const answer = await cardPost(server, aliceToken, holderPaths.addHolder, {
          ...HOLDER_FIELDS,
          photos: [photo],
          ...overrides,
        });
        expectRefusal(answer, ...refusal(name));
        expect(answer.body.data.field, name).toBe(field);
      }
      const after = (await server.db.kysely.selectFrom('card_holders').select('id').execute())
        .length;
      expect(after).toBe(before);
    });

    it('edits a pending holder, and refuses to change an approved one', async () => {
      const holder = await addHolder(server, aliceToken);
      const edited = dataOf(
        await cardPost(server, aliceToken, holderPaths.editHolder, {
          ...HOLDER_FIELDS,
          id: holder.id,
          first_name: 'Si',
          photos: holder.photos,
        }),
        holderSchema,
      );
      expect(edited).toMatchObject({ first_name: 'Si', status: 'pending', photos: holder.photos });
      const rejected = await server.admin('POST', adminCardPaths.holderReject, {
        id: holder.id,
        reason: 'Photo is blurred',
      });
      expect(rejected.body.data).toMatchObject({
        status: 'rejected',
        reject_reason: 'Photo is blurred',
      });
      const newPhoto = await uploadPhoto(server, aliceToken, await sampleJpeg(7));
      const again = dataOf(
        await cardPost(server, aliceToken, holderPaths.editHolder, {
          ...HOLDER_FIELDS,
          id: holder.id,
          photos: [newPhoto],
        }),
        holderSchema,
      );
      expect(again).toMatchObject({ status: 'pending', reject_reason: null, photos: [newPhoto] });
      // The replaced photo is gone.
      expectRefusal(
        await cardPost(server, aliceToken, uploadPaths.photo, { id: holder.photos[0] }),
        ...refusal('photo_not_found'),
      );
      await server.admin('POST', adminCardPaths.holderApprove, { id: holder.id });
      expectRefusal(
        await cardPost(server, aliceToken, holderPaths.editHolder, {
          ...HOLDER_FIELDS,
          id: holder.id,
          photos: [newPhoto],
        }),
        ...refusal('holder_not_editable'),
      );
      const { list } = dataOf(
        await server.admin('GET', `${adminCardPaths.holders}?status=approved`),
        adminHoldersDataSchema,
      );
      expect(list.find((row) => row.id === holder.id)).toMatchObject({
        user_address: alice.address,
        status: 'approved',
      });
    });

    it('deletes a holder and its photos', async () => {
      const holder = await addHolder(server, aliceToken);
      const filesBefore = storedFiles().length;
      dataOf(
        await cardPost(server, aliceToken, holderPaths.deleteHolder, { id: holder.id }),
        v.null(),
      );
      expect(storedFiles().length).toBe(filesBefore - 1);
      expectRefusal(
        await cardPost(server, aliceToken, holderPaths.holderDetail, { id: holder.id }),
        ...refusal('holder_not_found'),
      );
    });
  });

  describe('authorisation: another user gets nothing, changes nothing, cannot tell the id exists', () => {
    it('holders and addresses', async () => {
      const holder = await addHolder(server, aliceToken);
      const address = dataOf(
        await cardPost(server, aliceToken, addressPaths.addAddress, ADDRESS_FIELDS),
        deliveryAddressSchema,
      );
      const missing = '999999';
      const photo = await uploadPhoto(server, malloryToken, await sampleJpeg(3));
      const calls: [string, object, keyof typeof apiErrors][] = [
        [holderPaths.holderDetail, {}, 'holder_not_found'],
        [holderPaths.editHolder, { ...HOLDER_FIELDS, photos: [photo] }, 'holder_not_found'],
        [holderPaths.deleteHolder, {}, 'holder_not_found'],
        [addressPaths.addressDetail, {}, 'address_not_found'],
        [addressPaths.editAddress, ADDRESS_FIELDS, 'address_not_found'],
        [addressPaths.deleteAddress, {}, 'address_not_found'],
      ];
      for (const [call, body, name] of calls) {
        const id = name === 'holder_not_found' ? holder.id : address.id;
        const theirs = await cardPost(server, malloryToken, call, { ...body, id });
        const none = await cardPost(server, malloryToken, call, { ...body, id: missing });
        expectRefusal(theirs, ...refusal(name));
        expect(theirs.body, call).toEqual(none.body);
      }
      // Nothing changed, nothing listed.
      expect(
        dataOf(
          await cardPost(server, aliceToken, holderPaths.holderDetail, { id: holder.id }),
          holderSchema,
        ),
      ).toEqual(holder);
      expect(
        dataOf(
          await cardPost(server, aliceToken, addressPaths.addressDetail, { id: address.id }),
          deliveryAddressSchema,
        ),
      ).toEqual(address);
      expect(
        dataOf(
          await cardPost(server, malloryToken, holderPaths.holderList, {}),
          holderListDataSchema,
        ).total,
      ).toBe(0);
      // Mallory's photo was not used by the refused edit.
      expect((await cardPost(server, malloryToken, uploadPaths.photo, { id: photo })).status).toBe(
        200,
      );
    });

    it("someone else's photo reference cannot be used", async () => {
      const alicePhoto = await uploadPhoto(server, aliceToken, await sampleJpeg(9));
      const answer = await cardPost(server, malloryToken, holderPaths.addHolder, {
        ...HOLDER_FIELDS,
        photos: [alicePhoto],
      });
      expectRefusal(answer, ...refusal('photo_not_found'));
      expect(
        dataOf(
          await cardPost(server, malloryToken, holderPaths.holderList, {}),
          holderListDataSchema,
        ).total,
      ).toBe(0);
      // A reference is used once: by one holder only.
      await addHolder(server, aliceToken);
      const first = dataOf(
        await cardPost(server, aliceToken, holderPaths.addHolder, {
          ...HOLDER_FIELDS,
          photos: [alicePhoto],
        }),
        holderSchema,
      );
      expect(first.photos).toEqual([alicePhoto]);
      expectRefusal(
        await cardPost(server, aliceToken, holderPaths.addHolder, {
          ...HOLDER_FIELDS,
          photos: [alicePhoto],
        }),
        ...refusal('photo_not_found'),
      );
    });
  });

  it('a photo never used by a holder is deleted after a day', async () => {
    const unused = await uploadPhoto(server, aliceToken, await sampleJpeg(31));
    const row = await server.db.kysely
      .selectFrom('card_files')
      .select('storage_name')
      .where('id', '=', unused)
      .executeTakeFirstOrThrow();
    expect(storedFiles()).toContain(row.storage_name);
    server.clock.advance(24 * 60 * 60_000 + 1);
    aliceToken = await login(server, alice);
    await openSlot(server, aliceToken, 100);
    expect(storedFiles()).not.toContain(row.storage_name);
    expectRefusal(
      await cardPost(server, aliceToken, uploadPaths.photo, { id: unused }),
      ...refusal('photo_not_found'),
    );
    // Photos in use stay.
    const attached = await server.db.kysely
      .selectFrom('card_files')
      .select('storage_name')
      .where('status', '=', 'attached')
      .where(
        'user_id',
        '=',
        (
          await server.db.kysely
            .selectFrom('users')
            .select('id')
            .where('address', '=', alice.address)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    expect(attached.length).toBeGreaterThan(0);
    for (const file of attached) expect(storedFiles()).toContain(file.storage_name);
  });

  it('never writes identity data into the log', () => {
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      HOLDER_FIELDS.id_number,
      'K1234567890',
      HOLDER_FIELDS.email,
      HOLDER_FIELDS.phone,
    ])
      expect(log).not.toContain(secret);
  });
});
