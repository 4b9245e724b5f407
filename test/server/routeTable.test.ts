// The route table's shape, and how failures become answers.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleEndpoints } from '../../contract/api/cycle.ts';
import type { Endpoint } from '../../contract/api/endpoint.ts';
import { nodeEndpoints } from '../../contract/api/node.ts';
import { releaseEndpoints } from '../../contract/api/release.ts';
import { ticketEndpoints } from '../../contract/api/ticket.ts';
import {
  transferEndpoints,
  transferPaths,
  transferRowSchema,
} from '../../contract/api/transfer.ts';
import { applicationEndpoints } from '../../contract/api/card/applications.ts';
import { rechargeEndpoints } from '../../contract/api/card/recharges.ts';
import { walletDataSchema, walletPaths } from '../../contract/api/wallet.ts';
import type { HttpContext } from '../../server/http/httpContext.ts';
import { rateLimiterFor } from '../../server/http/rateLimiter.ts';
import { createReplies } from '../../server/http/replies.ts';
import { createRouteRunner } from '../../server/http/routeTable.ts';
import { loadTranslator } from '../../server/i18n/catalogs.ts';
import { createServerMetrics } from '../../server/metrics/serverMetrics.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { credit, transfer } from './support/money.ts';
import { withdrawEndpoints } from '../../contract/api/withdraw.ts';
import { DomainError } from '../../server/domainError.ts';
import { toDomainError } from '../../server/http/errorHandler.ts';
import { InsufficientBalanceError } from '../../server/ledger/errors.ts';
import { servedRoutes } from '../../server/app.ts';
import { areaCatalogue, routeTable } from '../../server/areas.ts';

/**
 * Every endpoint descriptor of the contract, from every module that exports one (`…Endpoint`)
 * or a set (`…Endpoints`): the app's (contract/api) and the operator's (server/admin/contract*.ts).
 */
async function contractEndpoints(): Promise<string[]> {
  const files = [
    // Folders too: an area may keep a file per resource (contract/api/card/).
    ...readdirSync(path.join(ROOT, 'contract/api'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(ROOT, 'contract/api', name)),
    ...readdirSync(path.join(ROOT, 'server/admin'))
      .filter((name) => /^contract\w*\.ts$/.test(name))
      .map((name) => path.join(ROOT, 'server/admin', name)),
  ];
  const found: string[] = [];
  for (const file of files) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'object' || value === null) continue;
      const endpoints = name.endsWith('Endpoints')
        ? Object.values(value as Record<string, Endpoint>)
        : name.endsWith('Endpoint')
          ? [value as Endpoint]
          : [];
      for (const endpoint of endpoints) found.push(`${endpoint.method} ${endpoint.path}`);
    }
  }
  return found;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('route table', () => {
  it('serves every endpoint the contract describes, and none it does not', async () => {
    const described = new Set(await contractEndpoints());
    const served = new Set(servedRoutes.map((route) => `${route.method} ${route.path}`));
    expect(described.size).toBeGreaterThan(100);
    expect([...described].filter((key) => !served.has(key))).toEqual([]);
    expect([...served].filter((key) => !described.has(key))).toEqual([]);
  });

  it('has each method and path once', () => {
    const keys = routeTable.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('makes every money and payment POST idempotent, signed-in and limited per user', () => {
    const moneyPosts = [
      transferEndpoints.transfer,
      withdrawEndpoints.apply,
      ticketEndpoints.buy,
      ticketEndpoints.apply,
      cycleEndpoints.join,
      nodeEndpoints.chainPay,
      nodeEndpoints.balanceBuy,
      releaseEndpoints.transfer,
      applicationEndpoints.openVirtualCard,
      applicationEndpoints.openRealCard,
      applicationEndpoints.reapply,
      rechargeEndpoints.recharge,
    ];
    for (const endpoint of moneyPosts) {
      const route = routeTable.find((candidate) => candidate.endpoint === endpoint)!;
      expect(route, endpoint.path).toMatchObject({
        method: 'POST',
        auth: 'user',
        idempotent: true,
        userRateLimit: 'money',
      });
    }
  });

  it('serves every endpoint the contract describes, as described', () => {
    for (const route of routeTable) {
      const { endpoint } = route;
      expect(route).toMatchObject({
        method: endpoint.method,
        path: endpoint.path,
        auth: endpoint.auth,
        idempotent: endpoint.idempotent,
      });
    }
  });

  it('keeps the user API signed-in and the admin API behind the admin token', () => {
    for (const route of routeTable) {
      if (route.path.startsWith('/admin/')) expect(route.auth, route.path).toBe('admin');
      if (/^\/api\/v1\/(user|withdraw)\//.test(route.path))
        expect(route.auth, route.path).toBe('user');
    }
  });
});

describe('failures as answers', () => {
  it('keeps domain errors, ledger refusals included', () => {
    expect(toDomainError(new InsufficientBalanceError(1n)).definition.status).toBe(400);
    expect(toDomainError(new DomainError('recipient_not_found')).errorName).toBe(
      'recipient_not_found',
    );
  });

  it('answers a lost race with 409, never 500', () => {
    const races = [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('UNIQUE constraint failed'), { errcode: 2067 }),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    ];
    for (const error of races) {
      expect(toDomainError(error).errorName, error.message).toBe('conflict');
      expect(toDomainError(error).definition.status).toBe(409);
    }
  });

  it('answers anything unexpected with 500 internal', () => {
    expect(toDomainError(new TypeError('bug')).errorName).toBe('internal');
  });
});

describe('dispatching the table without Fastify', () => {
  let server: TestServer;
  let context: HttpContext;
  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    const translator = await loadTranslator(server.settings.localesDir);
    // The server keeps the database open and closes it; the context only borrows it.
    const db = { ...server.db, description: 'test', poolUse: () => null, close: async () => {} };
    context = {
      settings: server.settings,
      adminToken: server.adminToken,
      db,
      translator,
      replies: createReplies(translator),
      now: server.clock.now,
      areas: areaCatalogue,
      rateLimiter: rateLimiterFor(db, server.settings.rateLimits, server.clock.now, () => {}),
      metrics: createServerMetrics({
        db,
        now: server.clock.now,
        eventLoopLagMs: () => 0,
        warn: () => {},
      }),
    };
  });
  afterAll(() => server.close());

  // What the request envelope will do: find the route, run it with a decoded payload.
  const dispatch = (
    method: string,
    path: string,
    headers: Record<string, string>,
    payload: unknown,
  ) => {
    const route = routeTable.find(
      (candidate) => candidate.method === method && candidate.path === path,
    )!;
    const request = { headers } as unknown as FastifyRequest;
    return createRouteRunner(context).run(route, request, payload);
  };

  it('runs a money call and answers the same data as over HTTP', async () => {
    const alice = testWallet('dispatch alice');
    const bob = testWallet('dispatch bob');
    const token = await login(server, alice);
    await login(server, bob);
    await credit(server, alice.address, 'TICKET', '5');
    const auth = { authorization: `Bearer ${token}` };
    const sent = await dispatch(
      'POST',
      transferPaths.transfer,
      { ...auth, 'idempotency-key': 'dispatched-1' },
      { address: bob.address, amount: '2' },
    );
    expect(v.parse(transferRowSchema, sent)).toMatchObject({
      amount: '2',
      counterparty: bob.address,
    });
    const wallet = v.parse(walletDataSchema, await dispatch('GET', walletPaths.wallet, auth, {}));
    expect(wallet.balances.find((row) => row.coin === 'TICKET')!.available).toBe('3');
    // The HTTP path replays the very same answer for the same key.
    const overHttp = await transfer(
      server,
      token,
      { address: bob.address, amount: '2' },
      'dispatched-1',
    );
    expect(overHttp.body.data).toEqual(sent);
  });

  it('refuses with domain errors, not HTTP replies', async () => {
    await expect(dispatch('GET', walletPaths.wallet, {}, {})).rejects.toMatchObject({
      errorName: 'unauthorized',
    });
  });
});
