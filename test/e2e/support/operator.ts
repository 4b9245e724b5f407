// What an operator does during a demo, through the server's admin API with its admin token
// (the same calls `npm run admin` makes).
import { randomUUID } from 'node:crypto';
import { adminPaths } from '../../../server/admin/contract.ts';

export interface Operator {
  /** Credits a deposit to a registered user; returns the balance after it. */
  credit(address: string, asset: 'JU' | 'USDT' | 'TICKET', amount: string): Promise<string>;
}

export function createOperator(baseUrl: string, adminToken: string): Operator {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { code: number; message: string; data: T };
    if (answer.code !== 200) {
      throw new Error(`${method} ${path}: ${answer.code} ${answer.message}`);
    }
    return answer.data;
  }
  return {
    async credit(address, asset, amount) {
      const data = await call<{ balance_after: string }>('POST', adminPaths.credit, {
        address,
        asset,
        amount,
        idempotency_key: randomUUID(),
      });
      return data.balance_after;
    },
  };
}
