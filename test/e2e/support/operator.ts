// What an operator does during a demo, through the server's admin API with its admin token
// (the same calls `npm run admin` makes).
import { randomUUID } from 'node:crypto';
import { adminPaths } from '../../../server/admin/contract.ts';

export interface OperatorWithdrawal {
  id: string;
  address: string;
  coin: string;
  amount: string;
  status: string;
}

export interface Operator {
  /** Credits a deposit to a registered user; returns the balance after it. */
  credit(address: string, asset: 'JU' | 'USDT' | 'TICKET', amount: string): Promise<string>;
  /** Withdrawals waiting for the operator (or all), newest first. */
  withdrawals(status?: string): Promise<OperatorWithdrawal[]>;
  /** Marks a withdrawal sent on chain with its transaction id. */
  completeWithdrawal(id: string, txid: string): Promise<void>;
  /** Fails a withdrawal; the held amount and fee return to the user. */
  failWithdrawal(id: string, reason: string): Promise<void>;
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
    async withdrawals(status) {
      const query = status ? `?status=${encodeURIComponent(status)}` : '';
      const data = await call<{ list: OperatorWithdrawal[] }>(
        'GET',
        `${adminPaths.withdrawals}${query}`,
      );
      return data.list;
    },
    async completeWithdrawal(id, txid) {
      await call('POST', adminPaths.withdrawalComplete, { id, txid });
    },
    async failWithdrawal(id, reason) {
      await call('POST', adminPaths.withdrawalFail, { id, reason });
    },
  };
}
