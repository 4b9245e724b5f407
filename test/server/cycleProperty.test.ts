// Random sequences of cycle joins, pool fundings, clock moves and payout runs against a
// simple model: every user's JU balance and the pool must match it after every step, no
// cycle is paid twice, the pool never pays what it does not hold, and the ledger
// invariants hold throughout.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleJoinDataSchema, cyclePaths, cyclePoolDataSchema } from '../../contract/api/cycle.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { ticketBuyDataSchema, ticketPaths } from '../../contract/api/ticket.ts';
import { adminChainPaths } from '../../server/admin/contractChain.ts';
import {
  register,
  startTestServer,
  testWallet,
  type TestServer,
  type TestWallet,
} from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { dataOf, expectRefusal, walletOf, moneyPost } from './support/money.ts';

const USERS = 3;
const HOUR_MS = 3_600_000;
/** In tenths of a JU, so the model counts in whole numbers. */
const PAY_IN = 906;
const RETURN = 924;
const IDLE_HOURS = 72;
const CYCLE_HOURS = 25;

type Command =
  | { op: 'join'; user: number }
  | { op: 'fund'; tenths: number }
  | { op: 'advance'; hours: number }
  | { op: 'run' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('join' as const), user: fc.nat(USERS - 1) }),
  fc.record({ op: fc.constant('fund' as const), tenths: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ op: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ op: fc.constant('run' as const) }),
);

interface ModelUser {
  wallet: TestWallet;
  token: string;
  ticketId: string;
  balance: number;
  lastOperation: number;
  inCycle: boolean;
}

interface ModelCycle {
  user: number;
  due: number;
  paid: boolean;
}

const tenths = (text: string) => Math.round(Number(text) * 10);

describe('mutual-aid cycles against a model', { timeout: 120_000 }, () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  let run = 0;

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 1 },
      payments: { pollMs: 3_600_000 },
      sessionTtlSeconds: 365 * 86_400,
      inviteRequired: false,
    });
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const pool = async (token: string) =>
    tenths(
      dataOf(await server.request('GET', cyclePaths.pool, { token }), cyclePoolDataSchema).funded,
    );
  const fund = async (amountTenths: number) => {
    const answer = await server.admin('POST', adminChainPaths.cycleFund, {
      amount: String(amountTenths / 10),
      idempotency_key: `model-${run}-${Math.random()}`,
    });
    expect(answer.status, answer.text).toBe(200);
  };

  it('pays every due cycle exactly once, only from what the pool holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        run++;
        const now = () => server.clock.now().getTime();
        const users: ModelUser[] = [];
        for (let index = 0; index < USERS; index++) {
          const wallet = testWallet(`cycle model ${run} ${index}`);
          const token = await register(server, wallet);
          await chain.fund(wallet.address, '10000');
          const hash = await chain.pay(wallet, treasury, '60');
          const bought = dataOf(
            await moneyPost(server, token, ticketPaths.buy, { hash }),
            ticketBuyDataSchema,
          );
          users.push({
            wallet,
            token,
            ticketId: bought.ticket.id,
            balance: 0,
            lastOperation: now(),
            inCycle: false,
          });
        }
        let poolTenths = await pool(users[0]!.token);
        const cycles: ModelCycle[] = [];

        for (const step of commands) {
          if (step.op === 'join') {
            const user = users[step.user]!;
            const hash = await chain.pay(user.wallet, treasury, String(PAY_IN / 10));
            const answer = await moneyPost(server, user.token, cyclePaths.join, {
              ticket_id: user.ticketId,
              hash,
            });
            const valid = !user.inCycle && now() < user.lastOperation + IDLE_HOURS * HOUR_MS;
            if (valid) {
              expect(dataOf(answer, cycleJoinDataSchema).cycle.status).toBe('running');
              user.inCycle = true;
              user.lastOperation = now();
              poolTenths += PAY_IN;
              cycles.push({ user: step.user, due: now() + CYCLE_HOURS * HOUR_MS, paid: false });
            } else {
              expectRefusal(answer, 400, apiErrors.ticket_not_valid.code);
              // The refused join was paid on chain: its JU comes back to the balance.
              user.balance += PAY_IN;
            }
          } else if (step.op === 'fund') {
            await fund(step.tenths);
            poolTenths += step.tenths;
          } else if (step.op === 'advance') {
            server.clock.advance(step.hours * HOUR_MS);
          } else {
            expect((await server.admin('POST', adminChainPaths.runJobs)).status).toBe(200);
            // Oldest first; the first the pool cannot cover stops the rest.
            for (const cycle of cycles.filter((c) => !c.paid && c.due <= now())) {
              if (poolTenths < RETURN) break;
              poolTenths -= RETURN;
              cycle.paid = true;
              const user = users[cycle.user]!;
              user.balance += RETURN;
              user.inCycle = false;
              user.lastOperation = now();
            }
          }
          expect(await pool(users[0]!.token)).toBe(poolTenths);
          for (const user of users)
            expect(tenths((await walletOf(server, user.token)).JU.available)).toBe(user.balance);
        }
        await assertLedgerInvariants(server.db);

        // Settle everything this run left, so the next run starts from a quiet pool.
        if (cycles.length > 0) await fund(RETURN * cycles.length);
        server.clock.advance(CYCLE_HOURS * HOUR_MS);
        await server.admin('POST', adminChainPaths.runJobs);
        const coverage = dataOf(
          await server.request('GET', cyclePaths.pool, { token: users[0]!.token }),
          cyclePoolDataSchema,
        );
        expect(coverage.owed).toBe('0');
      }),
      { numRuns: 8 },
    );
  });
});
