// The route table's shape, and how failures become answers.
import { describe, expect, it } from 'vitest';
import { transferPaths } from '../../src/api/transfer.ts';
import { withdrawPaths } from '../../src/api/withdraw.ts';
import { DomainError } from '../../server/domainError.ts';
import { toDomainError } from '../../server/http/errorHandler.ts';
import { InsufficientBalanceError } from '../../server/ledger/errors.ts';
import { routeTable } from '../../server/routes/index.ts';

describe('route table', () => {
  it('has each method and path once', () => {
    const keys = routeTable.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('makes every money POST idempotent, signed-in and limited per user', () => {
    const moneyPosts = [transferPaths.transfer, withdrawPaths.apply];
    for (const path of moneyPosts) {
      const route = routeTable.find((candidate) => candidate.path === path)!;
      expect(route, path).toMatchObject({
        method: 'POST',
        auth: 'user',
        idempotent: true,
        userRateLimit: 'money',
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
