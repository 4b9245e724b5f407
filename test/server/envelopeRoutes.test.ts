// Every route of the table, both ways: the same calls, in the same order, go plain to one
// server and sealed in the envelope to a twin (docs/protocol.md "Request envelope"), and each pair of answers
// must be the same — status, content type and body. The twins start empty on the same clock,
// with no background jobs, and the calls are the same, so ids and times come out the same;
// only what the server draws at random (session tokens, invite codes, nonces in messages to
// sign, upload links, card numbers, the envelope keys themselves) may differ, and only at the
// places listed in RANDOM below. Writes thus each run on their own state (one per twin), reads
// are compared exactly. The last test checks that every route was called.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedRoutes } from '../../server/app.ts';
import { startTestServer, type HttpAnswer } from './harness.ts';
import { envelopeClientFor } from './support/envelopeClient.ts';
import { TRON_ADDRESS } from './support/money.ts';
import { CARD_STEPS } from './support/envelopeCardSteps.ts';
import {
  call,
  differences,
  signIn,
  credit,
  data,
  HASH,
  wallets,
  type Step,
  type World,
} from './support/envelopeTwins.ts';
const STEPS: Step[] = [
  { route: 'GET /config.json', as: 'none', status: 200 },
  { route: 'GET /api/v1/common/marquee', as: 'none', status: 200 },
  { route: 'GET /api/v1/content/home', as: 'none', status: 200 },
  { route: 'GET /api/v1/user/info', as: 'none', status: 401 },
  ...signIn('alice'),
  {
    route: 'GET /api/v1/user/info',
    after: (world, answer) => (world.vars.aliceCode = data(answer).code),
    status: 200,
  },
  {
    route: 'POST /api/v1/auth/isRegister',
    as: 'none',
    input: (world) => ({ address: wallets.bob.address, code: world.vars.aliceCode }),
    status: 200,
  },
  ...signIn('bob', (world) => world.vars.aliceCode),
  ...signIn('carol', (world) => world.vars.aliceCode),
  { route: 'GET /api/v1/user/zhiList', input: () => ({ page: 1, page_size: 10 }), status: 200 },
  { route: 'GET /admin/v1/users', as: 'admin', input: () => ({ page: 1, page_size: 10 }) },
  { route: 'GET /admin/v1/team/check', as: 'admin', status: 200 },
  {
    route: 'POST /admin/v1/users/level',
    as: 'admin',
    input: () => ({ address: wallets.carol.address, level: 1 }),
    status: 200,
  },

  // Money.
  credit('USDT', '5000'),
  credit('JU', '5000'),
  credit('TICKET', '20'),
  credit('USDT', '100', 'bob'),
  {
    route: 'POST /api/v1/user/transfer',
    input: () => ({ address: wallets.bob.address, amount: '2.5', remark: 'lunch' }),
    key: 'transfer-1',
    status: 200,
  },
  {
    route: 'POST /api/v1/user/transfer',
    input: () => ({ address: wallets.bob.address, amount: '2.5', remark: 'lunch' }),
    status: 400,
  },
  {
    route: 'POST /api/v1/user/transfer',
    input: () => ({ address: wallets.bob.address, amount: '9999', remark: '' }),
    key: 'transfer-too-much',
    status: 400,
  },
  { route: 'GET /api/v1/user/wallet', status: 200 },
  { route: 'GET /api/v1/user/moneyLog', input: () => ({ page: 1, page_size: 20 }), status: 200 },
  {
    route: 'GET /api/v1/user/moneyLog',
    input: () => ({ page: 1, page_size: 20, coin: 'NOPE' }),
    status: 400,
  },
  { route: 'GET /api/v1/user/incomeList', input: () => ({ page: 1 }) },
  { route: 'GET /api/v1/user/transferList', as: 'bob', status: 200 },
  ...['withdraw-1', 'withdraw-2', 'withdraw-3'].map((key): Step => ({
    route: 'POST /api/v1/withdraw/apply',
    input: () => ({ coin: 'USDT', address: TRON_ADDRESS, amount: '20' }),
    key,
    after: (world, answer) => (world.vars[key] = data(answer)?.id),
    status: 200,
  })),
  { route: 'GET /api/v1/withdraw/list', input: () => ({ page: 1, page_size: 10 }), status: 200 },
  {
    route: 'GET /api/v1/withdraw/detail',
    input: (world) => ({ id: world.vars['withdraw-1'] }),
    status: 200,
  },
  { route: 'GET /api/v1/withdraw/config', status: 200 },
  { route: 'GET /admin/v1/withdrawals', as: 'admin', input: () => ({ page: 1 }), status: 200 },
  {
    route: 'POST /admin/v1/withdrawals/complete',
    as: 'admin',
    input: (world) => ({ id: world.vars['withdraw-1'], txid: 'a'.repeat(64) }),
    status: 200,
  },
  {
    route: 'POST /admin/v1/withdrawals/fail',
    as: 'admin',
    input: (world) => ({ id: world.vars['withdraw-2'], reason: 'address closed' }),
    status: 200,
  },
  {
    route: 'POST /admin/v1/withdrawals/unknown',
    as: 'admin',
    input: (world) => ({ id: world.vars['withdraw-3'] }),
  },
  { route: 'GET /admin/v1/ledger/check', as: 'admin', status: 200 },

  // Payments on the chain (no treasury here: each call says so, the same way).
  { route: 'GET /api/v1/chain/payment', input: () => ({ hash: HASH }) },
  { route: 'GET /api/v1/chain/payments', input: () => ({ page: 1 }) },
  { route: 'GET /api/v1/chain/info' },
  { route: 'GET /admin/v1/chain/status', as: 'admin' },
  {
    route: 'POST /admin/v1/chain/fund',
    as: 'admin',
    input: () => ({ address: wallets.alice.address, amount: '1' }),
  },
  { route: 'POST /admin/v1/chain/runJobs', as: 'admin', input: () => ({}) },

  // Tickets, dividends, cycles, nodes, release.
  { route: 'GET /admin/v1/ticket/applications', as: 'admin', input: () => ({ status: 'pending' }) },
  {
    route: 'POST /admin/v1/ticket/review',
    as: 'admin',
    input: () => ({ id: '1', approve: true }),
  },
  {
    route: 'POST /admin/v1/cycle/fund',
    as: 'admin',
    input: () => ({ amount: '10', idempotency_key: 'cycle-fund-1' }),
  },
  { route: 'GET /admin/v1/cycle/pool', as: 'admin' },
  {
    route: 'POST /admin/v1/release/fund',
    as: 'admin',
    input: () => ({ amount: '10', idempotency_key: 'release-fund-1' }),
  },
  {
    route: 'POST /admin/v1/release/advance',
    as: 'admin',
    input: () => ({ address: wallets.alice.address, periods: 1 }),
  },
  { route: 'GET /api/v1/ticket/config', status: 200 },
  { route: 'POST /api/v1/ticket/buy', input: () => ({ hash: HASH }), key: 'ticket-buy-1' },
  { route: 'GET /api/v1/ticket/mine', input: () => ({ page: 1 }), status: 200 },
  {
    route: 'POST /api/v1/user/applyTicketDividend',
    input: () => ({ hash: HASH }),
    key: 'dividend-1',
  },
  { route: 'GET /api/v1/user/applyTicketDividendList', status: 200 },
  { route: 'GET /api/v1/ticket/sourceLog', status: 200 },
  { route: 'GET /api/v1/cycle/config', status: 200 },
  {
    route: 'POST /api/v1/cycle/join',
    input: () => ({ ticket_id: '1', hash: HASH }),
    key: 'cycle-join-1',
  },
  { route: 'GET /api/v1/cycle/list', status: 200 },
  { route: 'GET /api/v1/cycle/pool', status: 200 },
  { route: 'GET /api/v1/node/config', status: 200 },
  {
    route: 'POST /api/v1/node/getOrder',
    input: () => ({ quantity: 1 }),
    after: (world, answer) => (world.vars.nodeOrder = data(answer)?.id),
    status: 200,
  },
  {
    route: 'GET /api/v1/node/order',
    input: (world) => ({ id: world.vars.nodeOrder }),
    status: 200,
  },
  {
    route: 'POST /api/v1/node/chainPay',
    input: (world) => ({ order_id: world.vars.nodeOrder, hash: HASH }),
    key: 'node-chain-1',
  },
  {
    route: 'POST /api/v1/node/balanceBuyNode',
    input: (world) => ({ order_id: world.vars.nodeOrder }),
    key: 'node-buy-1',
  },
  { route: 'GET /api/v1/user/powerLog', status: 200 },
  { route: 'GET /api/v1/user/neuRelease', status: 200 },
  { route: 'GET /api/v1/user/neuReleaseLog', status: 200 },
  {
    route: 'POST /api/v1/user/neuReleaseTransfer',
    input: () => ({ amount: '1' }),
    key: 'release-transfer-1',
  },
  { route: 'GET /api/v1/user/neuReleaseTransferLog', status: 200 },

  ...CARD_STEPS,

  // Notices, content, mall orders.
  {
    route: 'POST /admin/v1/notices/add',
    as: 'admin',
    input: () => ({ lang: 'en', title: 'Maintenance', body: 'Tonight, briefly.' }),
    after: (world, answer) => (world.vars.notice = data(answer)?.id),
    status: 200,
  },
  {
    route: 'POST /admin/v1/notices/edit',
    as: 'admin',
    input: (world) => ({
      id: world.vars.notice,
      lang: 'en',
      title: 'Maintenance',
      body: 'Tonight, from 1 to 2.',
    }),
    status: 200,
  },
  { route: 'GET /admin/v1/notices', as: 'admin', status: 200 },
  { route: 'GET /api/v1/notice/list', input: () => ({ page: 1 }), status: 200 },
  {
    route: 'GET /api/v1/notice/detail',
    input: (world) => ({ id: world.vars.notice }),
    status: 200,
  },
  {
    route: 'POST /admin/v1/notices/remove',
    as: 'admin',
    input: (world) => ({ id: world.vars.notice }),
    status: 200,
  },
  {
    route: 'POST /admin/v1/content/marquee',
    as: 'admin',
    input: () => ({ lang: 'en', items: ['Welcome back.'] }),
  },
  {
    route: 'POST /admin/v1/content/home',
    as: 'admin',
    input: () => ({
      lang: 'en',
      content: {
        highlights: [{ label: 'Members', value: '1 200' }],
        protocol: { title: 'How it works', text: 'Tickets, cycles, release.' },
        steps: { title: 'Start', items: ['Sign in', 'Buy a ticket'] },
        news: { title: 'News', items: [{ title: 'Launch', text: 'We are live.' }] },
      },
    }),
    status: 200,
  },
  { route: 'GET /api/v1/content/home', as: 'none', headers: { lang: 'en' }, status: 200 },
  {
    route: 'POST /admin/v1/orders/add',
    as: 'admin',
    input: () => ({
      address: wallets.alice.address,
      product: 'Miner X1',
      quantity: '1',
      amount: '12.5',
      coin: 'USDT',
    }),
    after: (world, answer) => (world.vars.order = data(answer)?.id),
    status: 200,
  },
  {
    route: 'POST /admin/v1/orders/ship',
    as: 'admin',
    input: (world) => ({ id: world.vars.order, tracking_no: 'SF123' }),
    status: 200,
  },
  { route: 'GET /api/v1/machine/orderList', input: () => ({ page: 1 }), status: 200 },
  {
    route: 'GET /api/v1/machine/orderDetail',
    input: (world) => ({ id: world.vars.order }),
    status: 200,
  },
  {
    route: 'POST /api/v1/machine/receipt',
    input: (world) => ({ id: world.vars.order }),
    status: 200,
  },

  // Sessions and the socket ticket.
  { route: 'POST /api/v1/user/wsTicket', status: 200 },
  {
    route: 'GET /api/v1/auth/sessions',
    as: 'bob',
    after: (world, answer) => (world.vars.bobSession = data(answer)?.list?.[0]?.id),
    status: 200,
  },
  { route: 'POST /api/v1/auth/logout', as: 'carol', status: 200 },
  { route: 'GET /api/v1/user/info', as: 'carol', status: 401 },
  {
    route: 'POST /api/v1/auth/sessionEnd',
    as: 'bob',
    input: (world) => ({ id: world.vars.bobSession }),
  },
  { route: 'POST /api/v1/auth/logoutAll', status: 200 },
  { route: 'GET /api/v1/user/wallet', status: 401 },

  // The envelope's own operator calls.
  { route: 'GET /admin/v1/envelope/keys', as: 'admin', status: 200 },
  { route: 'POST /admin/v1/envelope/rotate', as: 'admin', status: 200 },

  // Failures before the route runs, and paths no route has: the same answers too.
  { route: 'GET /api/v1/user/info', as: 'none', headers: { authorization: 'Bearer nope' } },
  { route: 'POST /api/v1/auth/isRegister', as: 'none', input: () => ({}), status: 400 },
  { route: 'GET /config.json', as: 'none', headers: { lang: 'ja' } },
  {
    route: 'GET /api/v1/user/moneyLog',
    as: 'none',
    headers: { lang: 'ja' },
    input: () => ({ page: 'x' }),
    status: 401,
  },
  {
    route: 'POST /api/v1/auth/isRegister',
    as: 'none',
    raw: { body: '{"address": ', contentType: 'application/json' },
    status: 400,
  },
  {
    route: 'POST /api/v1/auth/isRegister',
    as: 'none',
    raw: { body: '', contentType: 'application/json; charset=utf-8' },
    status: 400,
  },
  {
    route: 'POST /api/v1/auth/isRegister',
    as: 'none',
    raw: { body: '{"__proto__": {"admin": true}}', contentType: 'application/json' },
    status: 400,
  },
  {
    route: 'POST /api/v1/auth/isRegister',
    as: 'none',
    raw: { body: 'address=0x1', contentType: 'text/plain' },
    status: 400,
  },
  {
    route: 'POST /api/v1/auth/isRegister',
    as: 'none',
    raw: { body: `"${'x'.repeat(257 * 1024)}"`, contentType: 'application/json' },
    status: 400,
  },
  { route: 'GET /api/v1/nothing/here', as: 'none', status: 404 },
  { route: 'POST /api/v1/nothing/here', as: 'none', input: () => ({ a: 1 }), status: 404 },
  { route: 'POST /api/v1/user/info', as: 'none', status: 404 },
  { route: 'GET /api/v1/user/transfer', status: 404 },
];

// ---- The twins ---------------------------------------------------------------------------

describe('every route, plain and in the envelope', () => {
  const worlds = {} as Record<'plain' | 'enveloped', World>;
  const called = new Set<string>();

  beforeAll(async () => {
    const options = {
      envelope: true,
      inviteRequired: false,
      // No timers: the twins' state changes only by the calls below.
      jobs: [],
      // Nothing listens there: chain calls fail fast, the same way on both.
      chain: { rpcUrl: 'http://127.0.0.1:9' },
    };
    const [plain, enveloped] = await Promise.all([
      startTestServer(options),
      startTestServer(options),
    ]);
    const client = await envelopeClientFor(enveloped.url, {
      now: () => enveloped.clock.now().getTime(),
    });
    worlds.plain = { name: 'plain', server: plain, client: plain, tokens: {}, vars: {} };
    worlds.enveloped = { name: 'enveloped', server: enveloped, client, tokens: {}, vars: {} };
    for (const world of Object.values(worlds)) world.tokens.admin = world.server.adminToken;
  });
  afterAll(async () => {
    await Promise.all(Object.values(worlds).map((world) => world.server.close()));
  });

  for (const [index, step] of STEPS.entries()) {
    it(`${index + 1}. ${step.route}${step.as ? ` as ${step.as}` : ''}`, async () => {
      const answers: HttpAnswer[] = [];
      for (const world of [worlds.plain, worlds.enveloped]) {
        await step.before?.(world);
        const answer = await call(world, step);
        step.after?.(world, answer);
        answers.push(answer);
      }
      called.add(step.route);
      const [plain, enveloped] = answers as [HttpAnswer, HttpAnswer];
      if (step.status !== undefined) expect(plain.status, plain.text).toBe(step.status);
      expect(enveloped.status, enveloped.text).toBe(plain.status);
      for (const header of ['content-type', 'retry-after'])
        expect(enveloped.headers.get(header), header).toBe(plain.headers.get(header));
      const allowed = { used: 0 };
      if (plain.body !== undefined)
        expect(differences(step.route, plain.body, enveloped.body, '', allowed)).toEqual([]);
      // Byte for byte, unless a value drawn at random differs.
      if (allowed.used === 0) expect(enveloped.text).toBe(plain.text);
    });
  }

  it('called every route of the table', () => {
    const routes = servedRoutes.map((route) => `${route.method} ${route.path}`);
    expect(routes.filter((route) => !called.has(route))).toEqual([]);
  });
});
