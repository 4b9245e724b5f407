// Limits of the card service: how many photos a user may have waiting, and how often a
// user may try PINs and number reveals.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { cardPaths } from '../../contract/api/card/cards.ts';
import { holderPaths } from '../../contract/api/card/holders.ts';
import { uploadPaths } from '../../contract/api/card/uploads.ts';
import { MAX_PENDING_PHOTOS } from '../../server/card/uploads.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { expectRefusal } from './support/money.ts';
import { HOLDER_FIELDS, uploadPhoto, cardPost } from './support/card.ts';

const refusal = (name: keyof typeof apiErrors) =>
  [apiErrors[name].status, apiErrors[name].code] as const;

describe('photos waiting for a holder', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
  });
  afterAll(() => server.close());

  it('count against the open slots: a user cannot fill the disk with unused photos', async () => {
    const token = await login(server, testWallet('card limits photos'));
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const uploads = [];
    for (let index = 0; index < MAX_PENDING_PHOTOS; index++)
      uploads.push(await uploadPhoto(server, token, tiny));
    expectRefusal(
      await cardPost(server, token, uploadPaths.uploadImg, {
        content_type: 'image/jpeg',
        size: 100,
      }),
      ...refusal('rate_limited'),
    );
    // A photo used by a holder no longer waits: a slot is free again.
    const added = await cardPost(server, token, holderPaths.addHolder, {
      ...HOLDER_FIELDS,
      photos: [uploads[0]],
    });
    expect(added.status, added.text).toBe(200);
    expect(
      (
        await cardPost(server, token, uploadPaths.uploadImg, {
          content_type: 'image/jpeg',
          size: 100,
        })
      ).status,
    ).toBe(200);
  });
});

describe('PIN and reveal attempts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      inviteRequired: false,
      rateLimits: { money: { max: 3, windowMs: 60_000 } },
    });
  });
  afterAll(() => server.close());

  it('are limited per user, like money calls', async () => {
    const token = await login(server, testWallet('card limits pin'));
    const pin = { id: '999999', pin: '482915', confirm_pin: '482915' };
    for (let index = 0; index < 3; index++)
      expectRefusal(
        await cardPost(server, token, cardPaths.updatePin, pin),
        ...refusal('card_not_found'),
      );
    expectRefusal(
      await cardPost(server, token, cardPaths.updatePin, pin),
      ...refusal('rate_limited'),
    );
    expectRefusal(
      await cardPost(server, token, cardPaths.revealMessage, { id: '999999' }),
      ...refusal('rate_limited'),
    );
    server.clock.advance(60_000);
    for (let index = 0; index < 3; index++)
      expectRefusal(
        await cardPost(server, token, cardPaths.revealMessage, { id: '999999' }),
        ...refusal('card_not_found'),
      );
    expectRefusal(
      await cardPost(server, token, cardPaths.reveal, {
        id: '999999',
        message: 'x',
        signature: `0x${'1'.repeat(130)}`,
      }),
      ...refusal('rate_limited'),
    );
  });
});
