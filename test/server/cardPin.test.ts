// The card PIN on SQLite and PostgreSQL: 6 digits, twice, not one a thief tries first (all
// one digit, a run up or down); a change proves the current PIN, checked on the server
// against its hash; wrong current PINs in a row lock PIN changes for a while, however many
// arrive at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  cardPaths,
  cardSchema,
  PIN_FAILURES_BEFORE_LOCK,
  PIN_LOCK_MINUTES,
} from '../../contract/api/card/cards.ts';
import { pinPepper } from '../../server/card/cards.ts';
import { verifyPin } from '../../server/card/pin.ts';
import { vaultFor } from '../../server/vault.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { dataOf, expectRefusal, refusal } from './support/money.ts';
import { activeVirtualCard, cardPost } from './support/card.ts';

describe('card PIN', () => {
  let server: TestServer;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
  });
  afterAll(() => server.close());

  /** A new user with an active card, and a way to call updatePin on it. */
  async function cardOfNewUser() {
    const wallet = testWallet(`card pin ${serial++}`);
    const token = await login(server, wallet);
    const card = await activeVirtualCard(server, token, wallet.address);
    const pin = (body: object) =>
      cardPost(server, token, cardPaths.updatePin, { id: card.id, ...body });
    const detail = async () =>
      dataOf(await cardPost(server, token, cardPaths.cardDetail, { id: card.id }), cardSchema);
    const storedHash = async () =>
      (
        await server.db.kysely
          .selectFrom('cards')
          .select('pin_hash')
          .where('id', '=', BigInt(card.id))
          .executeTakeFirstOrThrow()
      ).pin_hash;
    return { card, pin, detail, storedHash };
  }

  it('refuses one digit repeated and runs of six up or down, on the new PIN only', async () => {
    const { pin, detail } = await cardOfNewUser();
    for (const simple of [
      '111111',
      '000000',
      '999999',
      '012345',
      '123456',
      '456789',
      '987654',
      '654321',
      '543210',
    ]) {
      const answer = await pin({ pin: simple, confirm_pin: simple });
      expectRefusal(answer, ...refusal('pin_too_simple'));
      expect(answer.body.data).toMatchObject({ field: 'pin' });
      expect(answer.body.message).toBe(apiErrors.pin_too_simple.message.message);
    }
    expect((await detail()).pin_set).toBe(false);
    // Near misses are the user's choice: the first sets the PIN, each next one changes it.
    let previous: string | undefined;
    for (const fine of ['123457', '112233', '121212', '135790', '901234']) {
      const current = previous === undefined ? {} : { current_pin: previous };
      const answer = await pin({ ...current, pin: fine, confirm_pin: fine });
      expect(answer.status, answer.text).toBe(200);
      previous = fine;
    }
  });

  it('a change needs the current PIN, checked on the server; the PIN stays a salted hash', async () => {
    const { pin, detail, storedHash } = await cardOfNewUser();
    expect((await pin({ pin: '482915', confirm_pin: '482915' })).status).toBe(200);
    expect((await detail()).pin_set).toBe(true);

    const missing = await pin({ pin: '739264', confirm_pin: '739264' });
    expectRefusal(missing, ...refusal('pin_current_required'));
    expect(missing.body.data).toMatchObject({ field: 'current_pin' });
    const empty = await pin({ current_pin: '', pin: '739264', confirm_pin: '739264' });
    expectRefusal(empty, ...refusal('pin_current_required'));
    const wrong = await pin({ current_pin: '482916', pin: '739264', confirm_pin: '739264' });
    expectRefusal(wrong, ...refusal('pin_current_wrong'));
    // The refusal says how many wrong ones more lock PIN changes.
    expect(wrong.body.data).toEqual({
      field: 'current_pin',
      attempts_left: PIN_FAILURES_BEFORE_LOCK - 1,
    });
    const vault = vaultFor(server.settings.dataDir, server.settings.card.dataKey);
    expect(await verifyPin('482915', (await storedHash())!, pinPepper(vault))).toBe(true);

    // A simple new PIN is refused before the current one is even looked at.
    expectRefusal(
      await pin({ current_pin: '482915', pin: '222222', confirm_pin: '222222' }),
      ...refusal('pin_too_simple'),
    );
    const changed = await pin({ current_pin: '482915', pin: '739264', confirm_pin: '739264' });
    expect(changed.status, changed.text).toBe(200);
    const hash = (await storedHash())!;
    expect(hash).toMatch(/^scrypt-hmac\$32768\$8\$1\$/);
    expect(hash).not.toContain('739264');
    expect(await verifyPin('739264', hash, pinPepper(vault))).toBe(true);
    // The old PIN no longer changes anything.
    expectRefusal(
      await pin({ current_pin: '482915', pin: '615203', confirm_pin: '615203' }),
      ...refusal('pin_current_wrong'),
    );
  });

  it(`locks PIN changes for ${PIN_LOCK_MINUTES} minutes after ${PIN_FAILURES_BEFORE_LOCK} wrong current PINs in a row`, async () => {
    const { pin } = await cardOfNewUser();
    expect((await pin({ pin: '482915', confirm_pin: '482915' })).status).toBe(200);
    const change = (current: string) =>
      pin({ current_pin: current, pin: '739264', confirm_pin: '739264' });

    // Wrong ones below the limit, then the right one: the count starts again.
    for (let index = 1; index < PIN_FAILURES_BEFORE_LOCK; index++)
      expectRefusal(await change('000001'), ...refusal('pin_current_wrong'));
    expect(
      (await pin({ current_pin: '482915', pin: '482915', confirm_pin: '482915' })).status,
    ).toBe(200);

    for (let index = 1; index < PIN_FAILURES_BEFORE_LOCK; index++) {
      const wrong = await change('000002');
      expectRefusal(wrong, ...refusal('pin_current_wrong'));
      expect(wrong.body.data.attempts_left).toBe(PIN_FAILURES_BEFORE_LOCK - index);
    }
    const locked = await change('000003');
    expectRefusal(locked, ...refusal('pin_locked'));
    expect(locked.body.message).toBe(
      `Too many wrong PINs. Try again in ${PIN_LOCK_MINUTES} minutes.`,
    );
    // Even the right PIN waits now.
    expectRefusal(await change('482915'), ...refusal('pin_locked'));
    server.clock.advance((PIN_LOCK_MINUTES - 10) * 60_000);
    const later = await change('482915');
    expectRefusal(later, ...refusal('pin_locked'));
    expect(later.body.message).toBe('Too many wrong PINs. Try again in 10 minutes.');

    server.clock.advance(10 * 60_000);
    expect((await change('482915')).status).toBe(200);
  });

  it('wrong current PINs sent all at once are counted: the lock holds and the right PIN waits', async () => {
    const { pin } = await cardOfNewUser();
    expect((await pin({ pin: '482915', confirm_pin: '482915' })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 3 * PIN_FAILURES_BEFORE_LOCK }, (_, index) =>
        pin({
          current_pin: String(100000 + index),
          pin: '739264',
          confirm_pin: '739264',
        }),
      ),
    );
    for (const answer of answers) expect([400, 429]).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(
      PIN_FAILURES_BEFORE_LOCK,
    );
    expectRefusal(
      await pin({ current_pin: '482915', pin: '739264', confirm_pin: '739264' }),
      ...refusal('pin_locked'),
    );
  });
});
