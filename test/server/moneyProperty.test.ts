// Random sequences of credits, transfers and withdrawals (completed or failed), run over
// HTTP against a simple in-memory model; balances must match the model and the ledger
// invariants must hold after every step.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import {
  credit,
  finish,
  transfer,
  TRON_ADDRESS,
  tronTxid,
  walletOf,
  withdraw,
} from './support/money.ts';

const USERS = 3;
/** Whole coins keep the model simple; the server's units are 10^6 of them. */
const FEE = 2;
const MINIMUM = 10;

type Command =
  | { op: 'credit'; user: number; asset: 'TICKET' | 'USDT'; amount: number }
  | { op: 'transfer'; from: number; to: number; amount: number }
  | { op: 'withdraw'; user: number; amount: number }
  | { op: 'finish'; pick: number; complete: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('credit' as const),
    user: fc.nat(USERS - 1),
    asset: fc.constantFrom('TICKET' as const, 'USDT' as const),
    amount: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    op: fc.constant('transfer' as const),
    from: fc.nat(USERS - 1),
    to: fc.nat(USERS - 1),
    amount: fc.integer({ min: 1, max: 30 }),
  }),
  fc.record({
    op: fc.constant('withdraw' as const),
    user: fc.nat(USERS - 1),
    amount: fc.integer({ min: 5, max: 40 }),
  }),
  fc.record({ op: fc.constant('finish' as const), pick: fc.nat(20), complete: fc.boolean() }),
);

interface Model {
  tickets: number[];
  usdt: number[];
  held: number[];
  withdrawals: {
    id: string;
    user: number;
    total: number;
    outcome: 'open' | 'completed' | 'failed';
  }[];
}

describe('money against a model', () => {
  let server: TestServer;
  let run = 0;

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
  });
  afterAll(() => server.close());

  it('keeps balances equal to the model and the ledger whole after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        run += 1;
        const wallets = Array.from({ length: USERS }, (_, i) => testWallet(`model ${run} ${i}`));
        const tokens = [];
        for (const wallet of wallets) tokens.push(await login(server, wallet));
        const model: Model = {
          tickets: Array(USERS).fill(0),
          usdt: Array(USERS).fill(0),
          held: Array(USERS).fill(0),
          withdrawals: [],
        };

        for (const step of commands) {
          if (step.op === 'credit') {
            await credit(server, wallets[step.user]!.address, step.asset, String(step.amount));
            (step.asset === 'TICKET' ? model.tickets : model.usdt)[step.user]! += step.amount;
          } else if (step.op === 'transfer') {
            const answer = await transfer(server, tokens[step.from]!, {
              address: wallets[step.to]!.address,
              amount: String(step.amount),
            });
            const allowed = step.from !== step.to && step.amount <= model.tickets[step.from]!;
            expect(answer.status, answer.text).toBe(allowed ? 200 : 400);
            if (allowed) {
              model.tickets[step.from]! -= step.amount;
              model.tickets[step.to]! += step.amount;
            }
          } else if (step.op === 'withdraw') {
            const answer = await withdraw(server, tokens[step.user]!, {
              coin: 'USDT',
              address: TRON_ADDRESS,
              amount: String(step.amount),
            });
            const total = step.amount + FEE;
            const allowed = step.amount >= MINIMUM && total <= model.usdt[step.user]!;
            expect(answer.status, answer.text).toBe(allowed ? 200 : 400);
            if (allowed) {
              model.usdt[step.user]! -= total;
              model.held[step.user]! += total;
              model.withdrawals.push({
                id: answer.body.data.id,
                user: step.user,
                total,
                outcome: 'open',
              });
            }
          } else if (model.withdrawals.length > 0) {
            const target = model.withdrawals[step.pick % model.withdrawals.length]!;
            const answer = await finish(
              server,
              target.id,
              step.complete ? { txid: tronTxid(`tx-${target.id}`) } : { reason: 'model says no' },
            );
            const outcome = step.complete ? 'completed' : 'failed';
            // Repeating the outcome a withdrawal already has is answered as is (200);
            // the other outcome is refused.
            expect(answer.status, answer.text).toBe(
              target.outcome === 'open' || target.outcome === outcome ? 200 : 409,
            );
            if (target.outcome === 'open') {
              target.outcome = outcome;
              model.held[target.user]! -= target.total;
              if (!step.complete) model.usdt[target.user]! += target.total;
            }
          }

          await assertLedgerInvariants(server.db);
        }
        for (let user = 0; user < USERS; user++) {
          const wallet = await walletOf(server, tokens[user]!);
          expect(wallet.TICKET.available).toBe(String(model.tickets[user]));
          expect(wallet.USDT).toEqual({
            available: String(model.usdt[user]),
            frozen: String(model.held[user]),
          });
        }
      }),
      // Bounded so the file stays well under 30 s on both databases.
      { numRuns: 20 },
    );
  }, 60_000);
});
