// Identity photo uploads over HTTP, on SQLite and PostgreSQL: attacks refused with nothing
// stored, one PUT per link, any Content-Type, PNG and WebP, and the link's token kept out of
// the log.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holderPaths } from '../../contract/api/card/holders.ts';
import { UPLOAD_MAX_BYTES, uploadPaths } from '../../contract/api/card/uploads.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { login, type TestServer, testWallet } from './harness.ts';
import {
  cardPost,
  HOLDER_FIELDS,
  openSlot,
  pngDeclaring,
  putBytes,
  sampleJpeg,
  samplePng,
  uploadPhoto,
} from './support/card.ts';
import { startCardHolderServer, storedFilesOf } from './support/cardHolderServer.ts';
import { expectRefusal } from './support/money.ts';

const refusal = (name: keyof typeof apiErrors) =>
  [apiErrors[name].status, apiErrors[name].code] as const;

describe('card photo uploads', () => {
  let server: TestServer;
  const logLines: string[] = [];
  let aliceToken: string;

  beforeAll(async () => {
    server = await startCardHolderServer(logLines);
    aliceToken = await login(server, testWallet('card holders alice'));
  });
  afterAll(() => server.close());

  const storedFiles = () => storedFilesOf(server);

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
