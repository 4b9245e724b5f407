// Ticket dividend applications against a real local chain: one live application per user, one
// per purchase; a purchase the chain confirms is approved at once, one still pending waits
// for the chain; what the chain refuses stores nothing; a refused application frees the
// user's one; the operator never approves a purchase its applicant did not pay.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  ticketApplyDataSchema,
  ticketApplyListDataSchema,
  ticketBuyDataSchema,
  ticketConfigDataSchema,
  ticketListDataSchema,
  ticketPaths,
  ticketSourceLogDataSchema,
} from '../../contract/api/ticket.ts';
import { runCli } from '../../server/admin/cli.ts';
import { adminApplicationsDataSchema, adminChainPaths } from '../../server/admin/contractChain.ts';
import { register, startTestServer, testWallet, type TestServer } from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { dataOf, expectRefusal, moneyPost, walletOf } from './support/money.ts';

describe('ticket dividend applications', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  type Wallet = ReturnType<typeof testWallet>;
  const [alice, bob, carol, dave, erin, frank] = [
    'alice',
    'bob',
    'carol',
    'dave',
    'erin',
    'frank',
  ].map((name) => testWallet(`apply ${name}`)) as [Wallet, Wallet, Wallet, Wallet, Wallet, Wallet];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 1 },
      payments: { pollMs: 3_600_000 },
    });
    tokens.alice = await register(server, alice);
    for (const [name, wallet] of Object.entries({ bob, carol, dave, erin, frank })) {
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
    moneyPost(server, token, ticketPaths.apply, { hash });
  const config = async (token: string) =>
    dataOf(await server.request('GET', ticketPaths.config, { token }), ticketConfigDataSchema);
  const cli = (args: string[]) =>
    runCli(args, { API_URL: server.url, ADMIN_TOKEN: server.adminToken });

  it('refuses a missing or too short hash', async () => {
    expectRefusal(await apply(tokens.alice!, ''), 400, apiErrors.tx_hash_required.code);
    expectRefusal(await apply(tokens.alice!, '0xabc'), 400, apiErrors.tx_hash_invalid.code);
  });

  it('approves a purchase made here at once, once per user and per hash', async () => {
    const hash = await chain.pay(alice, treasury, '60');
    dataOf(await moneyPost(server, tokens.alice!, ticketPaths.buy, { hash }), ticketBuyDataSchema);
    // Before: the purchase is offered for the form, and no application lives.
    expect(await config(tokens.alice!)).toMatchObject({
      live_application: null,
      unapplied_hash: hash.toLowerCase(),
    });
    const application = dataOf(await apply(tokens.alice!, hash), ticketApplyDataSchema);
    expect(application).toMatchObject({ status: 'approved', hash: hash.toLowerCase() });
    // After: the application takes the form's place, with nothing left to offer.
    expect(await config(tokens.alice!)).toMatchObject({
      live_application: application,
      unapplied_hash: null,
    });

    const other = await chain.pay(alice, treasury, '60');
    expectRefusal(await apply(tokens.alice!, other), 400, apiErrors.ticket_already_applied.code);
    expectRefusal(await apply(tokens.bob!, hash), 400, apiErrors.ticket_hash_applied.code);

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

  it('refuses at once what the chain refuses, and a refusal does not use up the one', async () => {
    // Dave paid another amount: refused, nothing stored, and the JU comes back to his balance.
    const wrong = await chain.pay(dave, treasury, '50');
    const refused = await apply(tokens.dave!, wrong);
    expectRefusal(refused, 400, apiErrors.payment_wrong_amount.code);
    expect(refused.body.data).toMatchObject({ paid_to_balance: true });
    expect((await walletOf(server, tokens.dave!)).JU.available).toBe('50');
    // Erin mistypes a hash the chain does not know: refused, nothing stored.
    const unknown = `0x${randomBytes(32).toString('hex')}`;
    expectRefusal(await apply(tokens.erin!, unknown), 400, apiErrors.payment_not_seen.code);
    for (const name of ['dave', 'erin']) {
      const list = dataOf(
        await server.request('GET', ticketPaths.applyList, { token: tokens[name] }),
        ticketApplyListDataSchema,
      );
      expect(list.total).toBe(0);
    }
    // Both then apply with their real purchase, and are approved.
    for (const [name, wallet] of [
      ['dave', dave],
      ['erin', erin],
    ] as const) {
      const hash = await chain.pay(wallet, treasury, '60');
      expect(dataOf(await apply(tokens[name]!, hash), ticketApplyDataSchema).status).toBe(
        'approved',
      );
    }
  });

  it('leaves the operator only what the applicant paid, and a rejection frees the one', async () => {
    await chain.setAutomine(false);
    let pending: string;
    try {
      // In the pool: Frank's purchase is his, but not mined yet.
      pending = await chain.send(frank, treasury, '60');
      const application = dataOf(await apply(tokens.frank!, pending), ticketApplyDataSchema);
      expect(application).toMatchObject({ status: 'pending', reason: null });
      const listed = await cli(['ticket', 'list', '--status', 'pending']);
      expect(listed.output).toContain(frank.address);
      // Not confirmed on the chain: the operator cannot approve it.
      const approve = await cli(['ticket', 'approve', application.id]);
      expect(approve.exitCode).toBe(1);
      expect(approve.output).toContain('not confirmed on the chain');
      expect(
        await cli(['ticket', 'reject', application.id, 'no', 'such', 'purchase']),
      ).toMatchObject({ exitCode: 0 });
      const again = await cli(['ticket', 'approve', application.id]);
      expect(again.exitCode).toBe(1);
      expect(again.output).toContain('already reviewed');
    } finally {
      await chain.setAutomine(true);
    }
    await chain.mine(1);
    const franks = dataOf(
      await server.request('GET', ticketPaths.applyList, { token: tokens.frank }),
      ticketApplyListDataSchema,
    );
    expect(franks.list[0]).toMatchObject({ status: 'rejected', reason: 'no such purchase' });
    // The operator's refusal of that purchase stands…
    expectRefusal(await apply(tokens.frank!, pending), 400, apiErrors.ticket_hash_applied.code);
    // …but Frank's one application is free again for another purchase.
    const other = await chain.pay(frank, treasury, '60');
    expect(dataOf(await apply(tokens.frank!, other), ticketApplyDataSchema).status).toBe(
      'approved',
    );
    const admin = dataOf(
      await server.admin('GET', `${adminChainPaths.ticketApplications}?status=rejected`),
      adminApplicationsDataSchema,
    );
    expect(admin.list.map((row: { address: string }) => row.address)).toContain(frank.address);
  });
});
