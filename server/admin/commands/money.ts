// The operator's commands of the money area: `credit` (a deposit) and `withdraw` (the
// withdrawals the operator sends on chain).
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { ASSET_CODES } from '../../../contract/api/assets.ts';
import { withdrawStatusSchema, type WithdrawStatus } from '../../../contract/api/withdraw.ts';
import type { AdminApi } from '../adminClient.ts';
import { clientFor, positiveInteger, UsageError, type CommandArea } from '../commandArea.ts';
import { adminEndpoints } from '../contract.ts';
import { formatTable } from '../table.ts';

const USAGE = `  npm run admin -- credit <address> <amount> <${ASSET_CODES.join('|')}> [--key K]
      Credit a deposit to a user. Give --key to make a retry safe: the same key with the
      same details credits once; without it a fresh key is generated and printed.
  npm run admin -- withdraw list [--status processing|completed|failed|unknown] [--page N] [--page-size N]
      List withdrawals, newest first.
  npm run admin -- withdraw complete <id> <txid>
      Mark a processing withdrawal as sent on chain by transaction <txid>; the held amount
      leaves the ledger and the fee goes to the fee account.
  npm run admin -- withdraw fail <id> <reason>
      Mark a processing withdrawal as failed; the held amount and fee return to the user.
  npm run admin -- withdraw unknown <id>
      Mark a processing withdrawal as unknown while you check the chain; the funds stay
      held until you complete or fail it.
`;

function withdrawStatus(value: string | undefined): WithdrawStatus | undefined {
  if (value === undefined || v.is(withdrawStatusSchema, value)) return value;
  throw new UsageError(`--status must be one of ${withdrawStatusSchema.options.join(', ')}`);
}

async function credit(client: AdminApi, args: string[], key: string | undefined): Promise<string> {
  const [address, amount, asset, ...extra] = args;
  if (!address || !amount || !asset || extra.length) {
    throw new UsageError('credit needs exactly <address> <amount> <asset>');
  }
  const idempotencyKey = key ?? randomUUID();
  const result = await client.call(adminEndpoints.credit, {
    address,
    amount,
    asset: asset.toUpperCase(),
    idempotency_key: idempotencyKey,
  });
  return [
    `Credited ${result.amount} ${result.asset} to ${result.address}.`,
    `New balance: ${result.balance_after} ${result.asset}`,
    `Transfer ${result.transfer_id} at ${result.created_at}, idempotency key ${result.idempotency_key}`,
    ...(key ? [] : [`(To retry safely, pass --key ${idempotencyKey})`]),
  ].join('\n');
}

async function listWithdrawals(
  client: AdminApi,
  page: number,
  pageSize: number,
  status: WithdrawStatus | undefined,
): Promise<string> {
  const { list, total } = await client.call(adminEndpoints.withdrawals, {
    page: String(page),
    page_size: String(pageSize),
    status,
  });
  if (total === 0) return 'No withdrawals.';
  const table = formatTable(
    ['ID', 'STATUS', 'COIN', 'AMOUNT', 'FEE', 'TO', 'USER', 'CREATED', 'TXID / REASON'],
    list.map((row) => [
      row.id,
      row.status,
      row.coin,
      row.amount,
      row.fee,
      row.address,
      row.user_address,
      row.created_at,
      row.txid ?? row.failure_reason ?? '-',
    ]),
  );
  return `${table}\n\n${list.length} of ${total} withdrawals`;
}

async function finishWithdrawal(client: AdminApi, args: string[]): Promise<string> {
  const [action, id, detail, ...extra] = args;
  const needsDetail = action !== 'unknown';
  if (!id || (needsDetail ? !detail || extra.length : detail !== undefined)) {
    const usage = {
      complete: 'withdraw complete needs <id> <txid>',
      fail: 'withdraw fail needs <id> <reason>',
      unknown: 'withdraw unknown needs <id>',
    };
    throw new UsageError(usage[action as keyof typeof usage]);
  }
  const result =
    action === 'complete'
      ? await client.call(adminEndpoints.withdrawalComplete, { id, txid: detail! })
      : action === 'fail'
        ? await client.call(adminEndpoints.withdrawalFail, { id, reason: detail! })
        : await client.call(adminEndpoints.withdrawalUnknown, { id });
  const { withdrawal } = result;
  // A fee paid on chain was never held, so it is not given back with the amount.
  const returned = withdrawal.fee_on_chain
    ? withdrawal.amount
    : `${withdrawal.amount} + fee ${withdrawal.fee}`;
  const what = {
    completed: `completed with transaction ${withdrawal.txid}`,
    failed: `failed (${withdrawal.failure_reason}); ${returned} ${withdrawal.coin} returned to the user`,
    unknown: 'marked unknown; the funds stay held until you complete or fail it',
    processing: 'is processing',
  }[withdrawal.status];
  return `${result.changed ? '' : 'Already so: '}Withdrawal ${withdrawal.id} ${what}.`;
}

export const moneyCommands: CommandArea = {
  name: 'money',
  usage: USAGE,
  async run([command, ...rest], values, env) {
    if (command === 'withdraw' && rest[0] === 'list' && rest.length === 1) {
      const client = clientFor(env);
      const page = positiveInteger(values.page, '--page', 1);
      const pageSize = positiveInteger(values['page-size'], '--page-size', 100);
      return {
        output: await listWithdrawals(client, page, pageSize, withdrawStatus(values.status)),
        exitCode: 0,
      };
    }
    if (command === 'withdraw' && ['complete', 'fail', 'unknown'].includes(rest[0] ?? '')) {
      const client = clientFor(env);
      return { output: await finishWithdrawal(client, rest), exitCode: 0 };
    }
    if (command === 'credit') {
      const client = clientFor(env);
      return { output: await credit(client, rest, values.key), exitCode: 0 };
    }
    return undefined;
  },
};
