// What an operator does during a demo, through the server's admin API with its admin token
// (the same calls `npm run admin` makes).
import { randomUUID } from 'node:crypto';
import { adminPaths } from '../../../server/admin/contract.ts';
import { adminCardPaths } from '../../../server/admin/contractCard.ts';

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
  /** Card holders waiting for review (or all), with the owner's address. */
  holders(status?: string): Promise<OperatorHolder[]>;
  approveHolder(id: string): Promise<void>;
  rejectHolder(id: string, reason: string): Promise<void>;
  /** Card applications (processing ones wait for the operator). */
  cardApplications(status?: string): Promise<OperatorCardApplication[]>;
  /** Issues the card of an application; answers the new card's id. */
  issueCard(applicationId: string): Promise<string>;
  rejectCardApplication(applicationId: string, reason: string): Promise<void>;
  cardRecharges(status?: string): Promise<OperatorRecharge[]>;
  /** Takes a recharge through processing to success: the amount lands on the card. */
  settleRecharge(id: string): Promise<void>;
  /** A purchase on the card at a merchant (demo consumption). */
  spend(cardId: string, amount: string, merchant: string): Promise<void>;
}

export interface OperatorHolder {
  id: string;
  user_address: string;
  first_name: string;
  last_name: string;
  status: string;
  photos: string[];
}

export interface OperatorCardApplication {
  id: string;
  user_address: string;
  type: string;
  status: string;
}

export interface OperatorRecharge {
  id: string;
  user_address: string;
  card_id: string;
  amount: string;
  status: string;
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
    async holders(status) {
      const query = status ? `?status=${encodeURIComponent(status)}` : '';
      return (await call<{ list: OperatorHolder[] }>('GET', `${adminCardPaths.holders}${query}`))
        .list;
    },
    async approveHolder(id) {
      await call('POST', adminCardPaths.holderApprove, { id });
    },
    async rejectHolder(id, reason) {
      await call('POST', adminCardPaths.holderReject, { id, reason });
    },
    async cardApplications(status) {
      const query = status ? `?status=${encodeURIComponent(status)}` : '';
      return (
        await call<{ list: OperatorCardApplication[] }>(
          'GET',
          `${adminCardPaths.applications}${query}`,
        )
      ).list;
    },
    async issueCard(applicationId) {
      const data = await call<{ card: { id: string } }>('POST', adminCardPaths.issue, {
        id: applicationId,
      });
      return data.card.id;
    },
    async rejectCardApplication(applicationId, reason) {
      await call('POST', adminCardPaths.reject, { id: applicationId, reason });
    },
    async cardRecharges(status) {
      const query = status ? `?status=${encodeURIComponent(status)}` : '';
      return (
        await call<{ list: OperatorRecharge[] }>('GET', `${adminCardPaths.recharges}${query}`)
      ).list;
    },
    async settleRecharge(id) {
      await call('POST', adminCardPaths.rechargeProcess, { id });
      await call('POST', adminCardPaths.rechargeSettle, { id });
    },
    async spend(cardId, amount, merchant) {
      await call('POST', adminCardPaths.spend, { card_id: cardId, amount, merchant });
    },
  };
}
