// Ticket dividend applications against a real local chain: one per user, one per hash; a
// purchase the chain confirms is approved at once, anything else waits for the operator.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/api/errors.ts';
import {
  ticketApplyDataSchema,
  ticketApplyListDataSchema,
  ticketBuyDataSchema,
  ticketListDataSchema,
  ticketPaths,
  ticketSourceLogDataSchema,
} from '../../src/api/ticket.ts';
import { runCli } from '../../server/admin/cli.ts';
import { adminApplicationsDataSchema, adminChainPaths } from '../../server/admin/contractChain.ts';
import { register, startTestServer, testWallet, type TestServer } from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { dataOf, expectRefusal } from './support/money.ts';

describe('ticket dividend applications', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  const [alice, bob, carol, dave, erin] = ['alice', 'bob', 'carol', 'dave', 'erin'].map((name) =>
    testWallet(`apply ${name}`),
  ) as [
    ReturnType<typeof testWallet>,
    ReturnType<typeof testWallet>,
    ReturnType<typeof testWallet>,
    ReturnType<typeof testWallet>,
    ReturnType<typeof testWallet>,
  ];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 1 },
      payments: { pollMs: 3_600_000 },
    });
    tokens.alice = await register(server, alice);
    for (const [name, wallet] of Object.entries({ bob, carol, dave, erin })) {
      tokens[name] = await register(server, wallet, tokens.alice);
      await chain.fund(wallet.address, '1000');
    }
    await chain.fund(alice.address, '1000');
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const apply = (token: string, hash: unknown) =>
    server.request('POST', ticketPaths.apply, { token, json: { hash } });
  const cli = (args: string[]) =>
    runCli(args, { API_URL: server.url, ADMIN_TOKEN: server.adminToken });

  it('refuses a missing or too short hash', async () => {
    expectRefusal(await apply(tokens.alice!, ''), 400, apiErrors.tx_hash_required.code);
    expectRefusal(await apply(tokens.alice!, '0xabc'), 400, apiErrors.tx_hash_invalid.code);
  });

  it('approves a purchase made here at once, once per user and per hash', async () => {
    const hash = await chain.pay(alice, treasury, '60');
    dataOf(
      await server.request('POST', ticketPaths.buy, { token: tokens.alice, json: { hash } }),
      ticketBuyDataSchema,
    );
    const application = dataOf(await apply(tokens.alice!, hash), ticketApplyDataSchema);
    expect(application).toMatchObject({ status: 'approved', hash: hash.toLowerCase() });

    const other = await chain.pay(alice, treasury, '60');
    expectRefusal(await apply(tokens.alice!, other), 400, apiErrors.ticket_already_applied.code);
    expectRefusal(await apply(tokens.bob!, hash), 400, apiErrors.hash_already_exists.code);

    const list = dataOf(
      await server.request('GET', ticketPaths.applyList, { token: tokens.alice }),
      ticketApplyListDataSchema,
    );
    expect(list).toMatchObject({ total: 1, list: [{ status: 'approved' }] });
    // Bob sees none of Alice's records.
    const bobs = dataOf(
      await server.request('GET', ticketPaths.applyList, { token: tokens.bob }),
      ticketApplyListDataSchema,
    );
    expect(bobs.total).toBe(0);
  });

  it('approves a purchase made elsewhere once the chain confirms it, and records its ticket', async () => {
    const hash = await chain.pay(carol, treasury, '60');
    const application = dataOf(await apply(tokens.carol!, hash), ticketApplyDataSchema);
    expect(application.status).toBe('approved');
    const tickets = dataOf(
      await server.request('GET', ticketPaths.mine, { token: tokens.carol }),
      ticketListDataSchema,
    );
    expect(tickets.list).toMatchObject([{ status: 'valid', hash: hash.toLowerCase() }]);
    const sources = dataOf(
      await server.request('GET', ticketPaths.sourceLog, { token: tokens.carol }),
      ticketSourceLogDataSchema,
    );
    expect(sources.list.map((row: { source: string }) => row.source).sort()).toEqual([
      'chain_purchase',
      'dividend_application',
    ]);
  });

  it('leaves what the chain does not confirm to the operator', async () => {
    // Dave paid another amount: pending review, with the chain's objection as the reason.
    const wrong = await chain.pay(dave, treasury, '50');
    const daves = dataOf(await apply(tokens.dave!, wrong), ticketApplyDataSchema);
    expect(daves).toMatchObject({ status: 'pending', reason: 'payment_wrong_amount' });
    // Erin's hash is unknown to the chain: pending too.
    const unknown = `0x${randomBytes(32).toString('hex')}`;
    const erins = dataOf(await apply(tokens.erin!, unknown), ticketApplyDataSchema);
    expect(erins.status).toBe('pending');

    const pending = dataOf(
      await server.admin('GET', `${adminChainPaths.ticketApplications}?status=pending`),
      adminApplicationsDataSchema,
    );
    expect(pending.list.map((row: { id: string }) => row.id).sort()).toEqual(
      [daves.id, erins.id].sort(),
    );

    const listed = await cli(['ticket', 'list', '--status', 'pending']);
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toContain(dave.address);

    expect(await cli(['ticket', 'approve', daves.id])).toMatchObject({ exitCode: 0 });
    expect(await cli(['ticket', 'reject', erins.id, 'no', 'such', 'purchase'])).toMatchObject({
      exitCode: 0,
    });
    const again = await cli(['ticket', 'approve', erins.id]);
    expect(again.exitCode).toBe(1);
    expect(again.output).toContain('already reviewed');

    const daveList = dataOf(
      await server.request('GET', ticketPaths.applyList, { token: tokens.dave }),
      ticketApplyListDataSchema,
    );
    expect(daveList.list[0]).toMatchObject({ status: 'approved', reviewed_at: expect.any(String) });
    const erinList = dataOf(
      await server.request('GET', ticketPaths.applyList, { token: tokens.erin }),
      ticketApplyListDataSchema,
    );
    expect(erinList.list[0]).toMatchObject({ status: 'rejected', reason: 'no such purchase' });
  });
});
