// The operator's command-line tool. It talks to the running server over HTTP, so it works
// the same against SQLite or PostgreSQL, locally or remotely.
//
//   npm run admin -- user list
//   npm run admin -- credit <address> <amount> <JU|USDT|TICKET> [--key K]
//   npm run admin -- withdraw list | complete <id> <txid> | fail <id> <reason> | unknown <id>
//   npm run admin -- ledger check
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { ASSET_CODES } from '../../src/api/assets.ts';
import { withdrawStatusSchema, type WithdrawStatus } from '../../src/api/withdraw.ts';
import { adminConnection, type Env } from './connection.ts';
import {
  AdminRequestError,
  createAdminApi,
  ServerUnreachableError,
  type AdminApi,
} from './adminClient.ts';
import { adminEndpoints } from './contract.ts';
import { CHAIN_HELP, runChainCommand } from './commands/chain.ts';
import { CONTENT_HELP, runContentCommand } from './commands/content.ts';
import { formatTable } from './table.ts';
import { CARD_HELP, runCardCommand } from './commands/card.ts';

const HELP = `JU Wallet admin tool

Usage:
  npm run admin -- user list [--page N] [--page-size N]
      List users: address, invite code, referrer, registration time, balances.
  npm run admin -- credit <address> <amount> <${ASSET_CODES.join('|')}> [--key K]
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
  npm run admin -- ledger check
      Per-asset totals and every ledger invariant; exits with 1 when one is broken.
${CHAIN_HELP}${CARD_HELP}  npm run admin -- --help

Environment:
  API_URL      server to talk to (default http://127.0.0.1:$PORT, PORT default 8080)
  ADMIN_TOKEN  admin token (default: read from $DATA_DIR/admin-token, DATA_DIR default ./data)
${CONTENT_HELP}`;

/** Wrong arguments: print the reason and the usage. */
class UsageError extends Error {
  override name = 'UsageError';
}

/** Nothing wrong with the command, but the tool cannot run it here (no admin token). */
class SetupError extends Error {
  override name = 'SetupError';
}

/** The client for the server the environment names; no admin token is a setup problem. */
function clientFor(env: Env): AdminApi {
  const connection = adminConnection(env);
  if ('problem' in connection) throw new SetupError(connection.problem);
  return createAdminApi(connection.apiUrl, connection.token);
}

function withdrawStatus(value: string | undefined): WithdrawStatus | undefined {
  if (value === undefined || v.is(withdrawStatusSchema, value)) return value;
  throw new UsageError(`--status must be one of ${withdrawStatusSchema.options.join(', ')}`);
}

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new UsageError(`${name} must be a whole number from 1`);
  return Number(value);
}

async function listUsers(client: AdminApi, page: number, pageSize: number): Promise<string> {
  const { list, total } = await client.call(adminEndpoints.users, {
    page: String(page),
    page_size: String(pageSize),
  });
  if (total === 0) return 'No users yet.';
  const table = formatTable(
    ['ADDRESS', 'INVITE CODE', 'REFERRER', 'CREATED', ...ASSET_CODES],
    list.map((user) => [
      user.address,
      user.invite_code,
      user.referrer_address ?? '-',
      user.created_at,
      ...ASSET_CODES.map((asset) => user.balances[asset]),
    ]),
  );
  const first = (page - 1) * pageSize + 1;
  const range = list.length ? `${first}-${first + list.length - 1}` : 'none';
  return `${table}\n\n${range} of ${total} users`;
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

async function checkLedger(client: AdminApi): Promise<{ output: string; exitCode: number }> {
  const report = await client.call(adminEndpoints.ledgerCheck);
  const table = formatTable(
    ['ASSET', 'TOTAL', 'BY KIND'],
    report.assets.map((asset) => [
      asset.asset,
      asset.total,
      Object.entries(asset.by_kind)
        .map(([kind, units]) => `${kind} ${units}`)
        .join(', '),
    ]),
  );
  const summary = `${report.accounts} accounts, ${report.transfers} transfers`;
  if (report.ok)
    return { output: `${table}\n\n${summary}\nLedger OK: every invariant holds.`, exitCode: 0 };
  return {
    output: `${table}\n\n${summary}\nLEDGER BROKEN:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`,
    exitCode: 1,
  };
}

const VALUE_OPTIONS = ['key', 'page', 'page-size', 'status'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

interface ParsedArgs {
  help: boolean;
  values: Partial<Record<ValueOption, string>>;
  positionals: string[];
}

// Hand-rolled rather than util.parseArgs, which would take an amount like "-3" for an
// option; here it stays a positional and the server explains what is wrong with it.
function parseArguments(argv: string[]): ParsedArgs {
  const parsed: ParsedArgs = { help: false, values: {}, positionals: [] };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--help' || arg === '-h') {
      parsed.help = true;
    } else if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (!(VALUE_OPTIONS as readonly string[]).includes(name))
        throw new UsageError(`Unknown option ${arg}`);
      const value = inline ?? argv[++index];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      parsed.values[name as ValueOption] = value;
    } else {
      parsed.positionals.push(arg);
    }
  }
  return parsed;
}

export async function runCli(
  argv: string[],
  env: Env,
): Promise<{ output: string; exitCode: number }> {
  try {
    const { help, values, positionals } = parseArguments(argv);
    if (help || positionals.length === 0) return { output: HELP, exitCode: help ? 0 : 2 };
    const [command, ...rest] = positionals;
    const card = await runCardCommand(positionals, values, env);
    if (card) return card;
    const chainResult = await runChainCommand(positionals, values, env);
    if (chainResult) return chainResult;
    const content = await runContentCommand(positionals, values, env);
    if (content) return content;
    if (command === 'user' && rest[0] === 'list' && rest.length === 1) {
      const client = clientFor(env);
      const page = positiveInteger(values.page, '--page', 1);
      const pageSize = positiveInteger(values['page-size'], '--page-size', 100);
      return { output: await listUsers(client, page, pageSize), exitCode: 0 };
    }
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
    if (command === 'ledger' && rest[0] === 'check' && rest.length === 1) {
      return checkLedger(clientFor(env));
    }
    if (command === 'credit') {
      const client = clientFor(env);
      return { output: await credit(client, rest, values.key), exitCode: 0 };
    }
    throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
  } catch (error) {
    if (error instanceof UsageError) return { output: `${error.message}\n\n${HELP}`, exitCode: 2 };
    if (error instanceof AdminRequestError)
      return { output: `Refused: ${error.message}`, exitCode: 1 };
    if (error instanceof ServerUnreachableError || error instanceof SetupError) {
      return { output: error.message, exitCode: 1 };
    }
    throw error;
  }
}

if (import.meta.main) {
  const { output, exitCode } = await runCli(process.argv.slice(2), process.env);
  (exitCode === 0 ? process.stdout : process.stderr).write(`${output}\n`);
  process.exitCode = exitCode;
}
