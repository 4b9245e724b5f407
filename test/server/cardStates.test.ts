// A card's states on the server, on SQLite and PostgreSQL: activate, freeze/unfreeze, report
// (for good, with a replacement), the PIN, revealing the number; the ledger invariants after
// every test.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationListDataSchema,
  applicationPaths,
  cardApplicationSchema,
} from '../../contract/api/card/applications.ts';
import {
  cardPaths,
  cardSchema,
  revealDataSchema,
  revealMessageDataSchema,
} from '../../contract/api/card/cards.ts';
import { rechargePaths, rechargeRecordSchema } from '../../contract/api/card/recharges.ts';
import { adminCardPaths } from '../../server/admin/contractCard.ts';
import { numberDigest, unusedCardNumber } from '../../server/card/cards.ts';
import { createVault } from '../../server/vault.ts';
import { type TestServer, testWallet } from './harness.ts';
import { cardMoneyPost, cardPost } from './support/card.ts';
import { type CardFlow, startCardFlow } from './support/cardFlow.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { dataOf, expectRefusal, refusal } from './support/money.ts';

describe('cards: activate, freeze, report, PIN and revealing the number', () => {
  let server: TestServer;
  const logLines: string[] = [];
  let flow: CardFlow;
  let aliceToken: string;
  let alice: CardFlow['alice'];

  beforeAll(async () => {
    flow = await startCardFlow(logLines);
    ({ server, aliceToken, alice } = flow);
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(() => server.close());

  const usdt = () => flow.usdt();
  const issuedCard = (type?: 'virtual' | 'physical') => flow.issuedCard(type);

  it('a physical card: activate once received, then freeze, unfreeze; illegal moves are clear errors', async () => {
    const card = await issuedCard('physical');
    expect(card).toMatchObject({ type: 'physical', status: 'inactive' });
    const call = (path: string) => cardPost(server, aliceToken, path, { id: card.id });
    expectRefusal(await call(cardPaths.freeze), ...refusal('card_not_active'));
    expectRefusal(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card.id,
        amount: '20',
      }),
      ...refusal('card_not_active'),
    );
    expect(dataOf(await call(cardPaths.active), cardSchema).status).toBe('active');
    expectRefusal(await call(cardPaths.active), ...refusal('card_already_active'));
    expectRefusal(await call(cardPaths.unfreeze), ...refusal('card_not_frozen'));
    expect(dataOf(await call(cardPaths.freeze), cardSchema).status).toBe('frozen');
    expectRefusal(await call(cardPaths.freeze), ...refusal('card_not_active'));
    expect(dataOf(await call(cardPaths.unfreeze), cardSchema).status).toBe('active');

    const virtual = await issuedCard('virtual');
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.active, { id: virtual.id }),
      ...refusal('card_not_physical'),
    );
  });

  it('reporting a card lost blocks it for good, gives its balance back and allows a replacement application', async () => {
    const card = await issuedCard('virtual');
    const recharge = dataOf(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card.id,
        amount: '50',
      }),
      rechargeRecordSchema,
    );
    await server.admin('POST', adminCardPaths.rechargeSettle, { id: recharge.id });
    const before = Number(await usdt());
    const reported = dataOf(
      await cardPost(server, aliceToken, cardPaths.report, { id: card.id, reason: 'stolen' }),
      cardSchema,
    );
    expect(reported).toMatchObject({ status: 'blocked', blocked_reason: 'stolen', balance: '0' });
    // The 50 USDT on the card come back to the balance, once, and show in the money log.
    expect(Number(await usdt())).toBe(before + 50);
    const log = await server.request('GET', '/api/v1/user/moneyLog', { token: aliceToken });
    expect(log.body.data.list[0]).toMatchObject({
      type: 'card_balance_return',
      coin: 'USDT',
      amount: '50',
    });
    await assertLedgerInvariants(server.db);
    for (const path of [
      cardPaths.unfreeze,
      cardPaths.freeze,
      cardPaths.active,
      cardPaths.revealMessage,
    ])
      expectRefusal(
        await cardPost(server, aliceToken, path, { id: card.id }),
        ...refusal('card_blocked'),
      );
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.report, { id: card.id, reason: 'lost' }),
      ...refusal('card_blocked'),
    );
    expect(Number(await usdt())).toBe(before + 50);
    const listed = async () =>
      dataOf(
        await cardPost(server, aliceToken, applicationPaths.applicationList, { status: 'success' }),
        applicationListDataSchema,
      ).list.find((row) => row.id === card.application_id);
    expect((await listed())?.can_reapply).toBe(true);
    const replacement = dataOf(
      await cardMoneyPost(server, aliceToken, applicationPaths.reapply, {
        id: card.application_id,
        agree: true,
      }),
      cardApplicationSchema,
    );
    expect(replacement.reapply_of).toBe(card.application_id);
    expect((await listed())?.can_reapply).toBe(false);
  });

  it('sets and changes the PIN: 6 digits, twice, stored only as a slow salted hash, never logged', async () => {
    const card = await issuedCard('virtual');
    const pin = (body: object) =>
      cardPost(server, aliceToken, cardPaths.updatePin, { id: card.id, ...body });
    expectRefusal(await pin({ pin: '12345', confirm_pin: '12345' }), ...refusal('pin_invalid'));
    expectRefusal(await pin({ pin: '12a456', confirm_pin: '12a456' }), ...refusal('pin_invalid'));
    expectRefusal(await pin({ pin: '482915', confirm_pin: '482916' }), ...refusal('pin_mismatch'));
    const set = await pin({ pin: '482915', confirm_pin: '482915' });
    expect(set.status).toBe(200);
    expect(set.body.data).toBeNull();
    expect(set.text).not.toContain('482915');
    const changed = await pin({ current_pin: '482915', pin: '739264', confirm_pin: '739264' });
    expect(changed.status).toBe(200);
    const row = await server.db.kysely
      .selectFrom('cards')
      .select('pin_hash')
      .where('id', '=', BigInt(card.id))
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toMatch(/^scrypt-hmac\$32768\$8\$1\$/);
    expect(row.pin_hash).not.toContain('739264');
    expect(
      dataOf(await cardPost(server, aliceToken, cardPaths.cardDetail, { id: card.id }), cardSchema)
        .pin_set,
    ).toBe(true);
    // Each line's millisecond timestamp is digits too, and may hold a PIN by chance.
    const log = logLines.map((line) => line.replace(/"time":\d+/, '')).join('');
    for (const secret of ['482915', '482916', '739264', '12a456'])
      expect(log).not.toContain(secret);
  });

  it('reveals the number only with a fresh wallet signature, once per message', async () => {
    const card = await issuedCard('virtual');
    const challenge = async () =>
      dataOf(
        await cardPost(server, aliceToken, cardPaths.revealMessage, { id: card.id }),
        revealMessageDataSchema,
      );
    const { message } = await challenge();
    expect(message).toContain(`ending ${card.last4}`);
    const revealed = dataOf(
      await cardPost(server, aliceToken, cardPaths.reveal, {
        id: card.id,
        message,
        signature: alice.sign(message),
      }),
      revealDataSchema,
    );
    expect(revealed.number).toMatch(/^\d{16}$/);
    expect(revealed.number.endsWith(card.last4)).toBe(true);
    expect(revealed.cvv).toMatch(/^\d{3}$/);
    // Used once.
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.reveal, {
        id: card.id,
        message,
        signature: alice.sign(message),
      }),
      ...refusal('reveal_signature_invalid'),
    );
    // Another wallet's signature.
    const other = await challenge();
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.reveal, {
        id: card.id,
        message: other.message,
        signature: testWallet('someone else').sign(other.message),
      }),
      ...refusal('reveal_signature_invalid'),
    );
    // Too late.
    const late = await challenge();
    server.clock.advance(61_000);
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.reveal, {
        id: card.id,
        message: late.message,
        signature: alice.sign(late.message),
      }),
      ...refusal('reveal_signature_invalid'),
    );
    // The number is stored sealed.
    const row = await server.db.kysely
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', BigInt(card.id))
      .executeTakeFirstOrThrow();
    expect(
      JSON.stringify(row, (_k, value) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toContain(revealed.number);
  });

  it('binds a sealed card number to its card: copied onto another card of the same user, it does not open', async () => {
    const [first, second] = [await issuedCard('virtual'), await issuedCard('virtual')];
    const reveal = async (id: string) => {
      const { message } = dataOf(
        await cardPost(server, aliceToken, cardPaths.revealMessage, { id }),
        revealMessageDataSchema,
      );
      return cardPost(server, aliceToken, cardPaths.reveal, {
        id,
        message,
        signature: alice.sign(message),
      });
    };
    const secondNumber = dataOf(await reveal(second.id), revealDataSchema).number;
    const { secret_sealed: sealed } = await server.db.kysely
      .selectFrom('cards')
      .select('secret_sealed')
      .where('id', '=', BigInt(second.id))
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .updateTable('cards')
      .set({ secret_sealed: sealed })
      .where('id', '=', BigInt(first.id))
      .execute();
    const answer = await reveal(first.id);
    expectRefusal(answer, ...refusal('internal'));
    expect(answer.text).not.toContain(secondNumber);
    await cardPost(server, aliceToken, cardPaths.report, { id: first.id, reason: 'lost' });
  });

  it('never gives two cards one number: a number in use is drawn again', async () => {
    const [first, second] = [await issuedCard('virtual'), await issuedCard('virtual')];
    const digests = await server.db.kysely
      .selectFrom('cards')
      .select('number_digest')
      .where('id', 'in', [BigInt(first.id), BigInt(second.id)])
      .execute();
    expect(digests.every((row) => /^[0-9a-f]{64}$/.test(row.number_digest ?? ''))).toBe(true);
    expect(digests[0]!.number_digest).not.toBe(digests[1]!.number_digest);

    // The first card holds number A; a draw of A is refused and drawn again.
    const vault = createVault(randomBytes(32));
    const [taken, free] = ['4859210000000018', '4859210000000026'];
    await server.db.kysely
      .updateTable('cards')
      .set({ number_digest: numberDigest(vault, taken) })
      .where('id', '=', BigInt(first.id))
      .execute();
    const draws = [taken, taken, free];
    const drawn = await unusedCardNumber(server.db, vault, '48592100', () => draws.shift()!);
    expect(drawn).toEqual({ number: free, digest: numberDigest(vault, free) });
    expect(draws).toEqual([]);
    // And the database itself refuses a second card with the same number.
    await expect(
      server.db.kysely
        .updateTable('cards')
        .set({ number_digest: numberDigest(vault, taken) })
        .where('id', '=', BigInt(second.id))
        .execute(),
    ).rejects.toThrow();
  });
});
