// A fold's answer (history.ts foldBroadcasts) is pushed to the sockets as is, without reading
// the copies back: it must be exactly what was stored, offsets and gaps included, on both
// databases, however many broadcasts one fold copies.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  eventsAfter,
  foldBroadcasts,
  HISTORY_MS,
  latestOffsets,
  pruneHistory,
} from '../../server/realtime/history.ts';
import { emitEvents, publishBroadcast } from '../../server/realtime/outbox.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ inviteRequired: false });
});
afterAll(() => server.close());

const notice = (kind: string) => ({ kind, changes: ['notices' as const] });

it('answers the copies and offsets it stored: several broadcasts, one dropped unseen', async () => {
  const db = server.db;
  // Users of their own, far from any the server makes: the counters need no user row.
  const base = 9_000_000_000n + BigInt(Date.now() % 1_000_000) * 10n;
  const [early, late, fresh] = [base + 1n, base + 2n, base + 3n];
  const publish = (kind: string) =>
    publishBroadcast(db, 'user@notice', notice(kind), server.clock.now());
  const foldAndCheck = async (users: bigint[], before: Map<bigint, bigint>) => {
    const fold = await foldBroadcasts(db, users, { skipLocked: true });
    expect(fold.latest).toEqual(await latestOffsets(db, users));
    const stored = await eventsAfter(
      db,
      users.map((userId) => ({ userId, after: before.get(userId) ?? 0n })),
    );
    expect(fold.copies).toEqual(stored);
    return fold;
  };

  await foldAndCheck([early, late], new Map());
  await emitEvents(
    db,
    [early, early].map((userId) => ({ userId, stream: 'user@order', data: notice('x') })),
    server.clock.now(),
  );
  await publish('one');
  // `early` copies the first broadcast; `late` waits.
  const first = await foldAndCheck([early], new Map([[early, 2n]]));
  expect(first.copies.map((copy) => copy.offset)).toEqual([3n]);

  await publish('two');
  server.clock.advance(HISTORY_MS + 1);
  await pruneHistory(db, server.clock.now());
  await publish('three');
  await publish('four');
  const before = await latestOffsets(db, [early, late, fresh]);
  const fold = await foldAndCheck([early, late, fresh], before);
  // Broadcast two was dropped before either user copied it: one offset left empty, then
  // three and four. A user new to realtime starts after them.
  expect(fold.copies.map((copy) => [copy.userId, copy.offset, JSON.parse(copy.data).kind])).toEqual(
    [
      [early, 5n, 'three'],
      [early, 6n, 'four'],
      [late, 2n, 'three'],
      [late, 3n, 'four'],
    ],
  );
  expect(fold.latest.get(fresh)).toBe(0n);
  // Folding again copies nothing more.
  expect((await foldAndCheck([early, late, fresh], fold.latest)).copies).toEqual([]);
});
