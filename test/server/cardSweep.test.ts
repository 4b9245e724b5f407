// The server sweeps upload slots and unused identity photos on its own, on a timer: a user
// who uploads a photo and never comes back does not leave it on disk.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNATTACHED_PHOTO_TTL_MS, UPLOAD_SWEEP_INTERVAL_MS } from '../../server/card/uploads.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { addHolder, openSlot, sampleJpeg, uploadPhoto } from './support/card.ts';

describe('sweeping card uploads', () => {
  let server: TestServer;
  const alice = testWallet('card sweep alice');
  const mallory = testWallet('card sweep mallory');

  beforeAll(async () => {
    // Only the interval is faked: the server's own clock is the test clock.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server = await startTestServer({ inviteRequired: false });
  });
  afterAll(async () => {
    await server.close();
    vi.useRealTimers();
  });

  const storedFiles = () => {
    const dir = path.join(server.dataDir, 'card-files');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const fileRows = (ids: string[]) =>
    server.db.kysely
      .selectFrom('card_files')
      .select(['id', 'storage_name'])
      .where('id', 'in', ids)
      .execute();

  it('deletes photos never used by a holder and forgets expired slots, without the user coming back', async () => {
    const aliceToken = await login(server, alice);
    const malloryToken = await login(server, mallory);
    const holder = await addHolder(server, aliceToken);
    const unused = await uploadPhoto(server, malloryToken, await sampleJpeg(7));
    const abandoned = await openSlot(server, malloryToken, 1000);
    const [unusedRow] = await fileRows([unused]);
    expect(storedFiles()).toContain(unusedRow!.storage_name);

    // Before the day is over, the sweep keeps the photo.
    await vi.advanceTimersByTimeAsync(UPLOAD_SWEEP_INTERVAL_MS);
    expect(await fileRows([unused, abandoned.file])).toHaveLength(2);

    server.clock.advance(UNATTACHED_PHOTO_TTL_MS + 1);
    await vi.advanceTimersByTimeAsync(UPLOAD_SWEEP_INTERVAL_MS);
    await vi.waitFor(async () => {
      expect(await fileRows([unused, abandoned.file])).toHaveLength(0);
      expect(storedFiles()).not.toContain(unusedRow!.storage_name);
    });
    // A holder's photo stays.
    const kept = await fileRows(holder.photos);
    expect(kept).toHaveLength(1);
    expect(storedFiles()).toContain(kept[0]!.storage_name);
  });
});
