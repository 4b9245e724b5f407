// Card holders (identity review), delivery addresses and document photos, over HTTP on
// SQLite and PostgreSQL: §5 validation, encryption at rest, authorisation, upload attacks.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  addressListDataSchema,
  addressPaths,
  deliveryAddressSchema,
} from '../../contract/api/card/addresses.ts';
import {
  holderListDataSchema,
  holderPaths,
  holderSchema,
} from '../../contract/api/card/holders.ts';
import { UPLOAD_MAX_BYTES, uploadPaths } from '../../contract/api/card/uploads.ts';
import { adminCardPaths, adminHoldersDataSchema } from '../../server/admin/contractCard.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { dataOf, expectRefusal } from './support/money.ts';
import {
  ADDRESS_FIELDS,
  addHolder,
  HOLDER_FIELDS,
  openSlot,
  pngDeclaring,
  putBytes,
  sampleJpeg,
  samplePng,
  uploadPhoto,
  cardPost,
} from './support/card.ts';

const refusal = (name: keyof typeof apiErrors) =>
  [apiErrors[name].status, apiErrors[name].code] as const;

describe('card holders, addresses and photos', () => {
  let server: TestServer;
  const logLines: string[] = [];
  const alice = testWallet('card holders alice');
  const mallory = testWallet('card holders mallory');
  let aliceToken: string;
  let malloryToken: string;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({
      inviteRequired: false,
      logger: { level: 'trace', stream: logStream },
    });
    aliceToken = await login(server, alice);
    malloryToken = await login(server, mallory);
  });
  afterAll(() => server.close());

  const filesDir = () => path.join(server.dataDir, 'card-files');
  const storedFiles = () => (existsSync(filesDir()) ? readdirSync(filesDir()) : []);

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

  describe('upload attacks: refused, nothing stored', () => {
    const attack = async (bytes: Buffer, name: keyof typeof apiErrors, type = 'image/jpeg') => {
      const before = storedFiles().length;
      const slot = await openSlot(server, aliceToken, bytes.length || 1);
      const put = await putBytes(slot.url, bytes, type);
      expectRefusal(put, ...refusal(name));
      expect(storedFiles().length).toBe(before);
      // The reference is dead too.
      const use = await cardPost(server, aliceToken, holderPaths.addHolder, {
        ...HOLDER_FIELDS,
        photos: [slot.file],
      });
      expectRefusal(use, ...refusal('photo_not_found'));
    };

    it('a script or an HTML page renamed .jpg', async () => {
      await attack(
        Buffer.from('<script>alert(document.cookie)</script>'),
        'upload_type_not_allowed',
      );
      await attack(
        Buffer.from('<!doctype html><html><body onload="alert(1)"></body></html>'),
        'upload_type_not_allowed',
        'text/html',
      );
    });

    it('an SVG', async () => {
      await attack(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
        ),
        'upload_type_not_allowed',
        'image/svg+xml',
      );
    });

    it('polyglots: a real image with a page after it, or JPEG magic bytes in front of a script', async () => {
      const png = await samplePng();
      await attack(
        Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]),
        'upload_type_not_allowed',
      );
      const jpeg = await sampleJpeg();
      await attack(
        Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]),
        'upload_type_not_allowed',
      );
      await attack(
        Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from('<script>x</script>'),
          Buffer.from([0xff, 0xd9]),
        ]),
        'upload_type_not_allowed',
      );
    });

    it('a decompression bomb: a tiny PNG declaring 50,000 × 50,000 pixels', async () => {
      const bomb = pngDeclaring(50_000, 50_000);
      expect(bomb.length).toBeLessThan(2000);
      await attack(bomb, 'upload_too_large', 'image/png');
    });

    it('a huge file: refused when announced, and when sent beyond the announced size', async () => {
      expectRefusal(
        await cardPost(server, aliceToken, uploadPaths.uploadImg, {
          content_type: 'image/jpeg',
          size: UPLOAD_MAX_BYTES + 1,
        }),
        ...refusal('upload_too_large'),
      );
      const before = storedFiles().length;
      const slot = await openSlot(server, aliceToken, 1000);
      const put = await putBytes(slot.url, Buffer.alloc(5000, 0xff));
      expectRefusal(put, ...refusal('upload_too_large'));
      expect(storedFiles().length).toBe(before);
      const slot2 = await openSlot(server, aliceToken, UPLOAD_MAX_BYTES);
      const put2 = await putBytes(slot2.url, Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 0xff));
      expect(put2.status).toBe(400);
      expect(storedFiles().length).toBe(before);
    });

    it('an upload URL takes one PUT, and not after it expires', async () => {
      const jpeg = await sampleJpeg(11);
      const slot = await openSlot(server, aliceToken, jpeg.length);
      expect((await putBytes(slot.url, jpeg)).status).toBe(200);
      const before = storedFiles().length;
      expectRefusal(await putBytes(slot.url, jpeg), ...refusal('upload_link_invalid'));
      const late = await openSlot(server, aliceToken, jpeg.length);
      server.clock.advance(10 * 60_000 + 1);
      expectRefusal(await putBytes(late.url, jpeg), ...refusal('upload_link_invalid'));
      const forged = late.url.replace(/[^/]+$/, 'A'.repeat(43));
      expectRefusal(await putBytes(forged, jpeg), ...refusal('upload_link_invalid'));
      expect(storedFiles().length).toBe(before);
    });

    it('two PUTs racing on one URL: exactly one is stored', async () => {
      const jpeg = await sampleJpeg(21);
      const slot = await openSlot(server, aliceToken, jpeg.length);
      // Same origin as the API, so the app's connect-src 'self' allows the PUT.
      expect(slot.url.startsWith(`${server.url}/api/v1/visa/upload/`)).toBe(true);
      const before = storedFiles().length;
      const answers = await Promise.all([putBytes(slot.url, jpeg), putBytes(slot.url, jpeg)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(storedFiles().length).toBe(before + 1);
      expect(answers[0]!.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answers[0]!.headers.get('cache-control')).toBe('no-store');
    });

    it('takes the bytes whatever Content-Type the PUT names, or none', async () => {
      const jpeg = await sampleJpeg(41);
      const slot = await openSlot(server, aliceToken, jpeg.length);
      const put = await fetch(slot.url, { method: 'PUT', body: Uint8Array.from(jpeg) });
      expect(put.status, await put.text()).toBe(200);
      const other = await openSlot(server, aliceToken, jpeg.length);
      expect((await putBytes(other.url, jpeg, 'application/octet-stream')).status).toBe(200);
    });

    it('accepts PNG and WebP too', async () => {
      await uploadPhoto(server, aliceToken, await samplePng());
      await uploadPhoto(
        server,
        aliceToken,
        await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
          .webp()
          .toBuffer(),
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

  it('never writes an upload link into the log, at trace level: the token is redacted', async () => {
    const photo = await sampleJpeg(41);
    const slot = await openSlot(server, aliceToken, photo.length);
    const token = new URL(slot.url).pathname.split('/').pop()!;
    // A wrongly cased path and a query string: refused, and still not logged.
    await putBytes(slot.url.replace('/visa/upload/', '/VISA/upload/') + '?sig=abc', Buffer.of(1));
    await putBytes(slot.url, photo);
    const log = logLines.join('');
    expect(log).toContain('PUT /api/v1/visa/upload/[redacted] 200');
    expect(log).not.toContain(token);
    expect(log).not.toMatch(/\/visa\/upload\/(?!\[redacted\])/i);
  });
});
