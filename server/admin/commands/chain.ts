// The admin CLI's commands for payments on the chain: `chain`, `ticket`, `cycle`, `release`.
import { randomUUID } from 'node:crypto';

import type { CommandArea, CommandResult, OptionValues } from '../commandArea.ts';
import { adminConnection, type AdminConnection, type Env } from '../connection.ts';
import { createAdminApi, ServerUnreachableError } from '../adminClient.ts';
import { adminChainEndpoints } from '../contractChain.ts';
import { formatTable } from '../table.ts';

const CHAIN_HELP = `  npm run admin -- chain status
      The chain the server reads: RPC URL, block, treasury and its balance, pending payments.
  npm run admin -- chain fund <address> <amount>
      Give <address> <amount> more JU on a development chain (the embedded one, Anvil).
  npm run admin -- chain run-jobs [<time> | +<hours>h]
      Check pending payments, pay due cycles and expire old node quotes now. With a later
      time (ISO 8601) or +<hours>h, as if it were then: development chains (Anvil) only.
  npm run admin -- ticket list [--status pending|approved|rejected]
      Ticket dividend applications, newest first.
  npm run admin -- ticket approve <id> | ticket reject <id> [reason]
      Decide a pending ticket dividend application.
  npm run admin -- cycle pool
      The mutual-aid pool: what it holds, what it owes, returns waiting for it.
  npm run admin -- cycle fund <amount> [--key K]
      Put JU into the mutual-aid pool (pays cycle returns). --key makes a retry safe.
  npm run admin -- release fund <amount> [--key K]
      Put JU into the release pool (pays released ticket dividends).
  npm run admin -- release advance <address> [<periods>]
      Demo, development chains only: release <periods> (default 1) more periods of the
      user's ticket dividend now, so "Transfer to balance" can be tried without waiting.
`;

type Result = CommandResult;

function connection(env: Env): AdminConnection {
  const found = adminConnection(env);
  if ('problem' in found) throw new ServerUnreachableError(found.problem);
  return found;
}

const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

const isApplicationStatus = (value: string): value is (typeof APPLICATION_STATUSES)[number] =>
  (APPLICATION_STATUSES as readonly string[]).includes(value);

/** The one admin client, for the server and token the environment names. */
function api(env: Env) {
  const { apiUrl, token } = connection(env);
  return createAdminApi(apiUrl, token);
}

const usage = (message: string): Result => ({ output: `${message}\n\n${CHAIN_HELP}`, exitCode: 2 });
const ok = (output: string): Result => ({ output, exitCode: 0 });

/**
 * The operator's calls that payments on the chain decide: the chain itself, ticket dividend
 * applications, the mutual-aid (cycle) pool and the release pool.
 */
export const chainCommands: CommandArea = {
  name: 'chain, ticket, cycle, release',
  usage: CHAIN_HELP,
  run: runChainCommand,
};

/** Runs the command when it is one of these; undefined otherwise. */
async function runChainCommand(
  positionals: string[],
  values: OptionValues,
  env: Env,
): Promise<Result | undefined> {
  const [area, action, ...args] = positionals;
  if (area === 'chain') {
    if (action === 'status' && args.length === 0) {
      const s = await api(env).call(adminChainEndpoints.status);
      return ok(
        [
          `Chain ${s.chain_id} at ${s.rpc_url}${s.embedded ? ' (embedded)' : ''}`,
          s.reachable
            ? `Reachable: node chain id ${s.node_chain_id}, block ${s.block_number}`
            : 'NOT REACHABLE',
          `Treasury: ${s.treasury ?? 'none (payments on chain are off)'}${s.treasury_balance === null ? '' : `, balance ${s.treasury_balance} JU`}`,
          `Confirmations required: ${s.required_confirmations}; pending payments: ${s.pending_payments}`,
        ].join('\n'),
      );
    }
    if (action === 'fund') {
      const [address, amount, ...extra] = args;
      if (!address || !amount || extra.length) return usage('chain fund needs <address> <amount>');
      const r = await api(env).call(adminChainEndpoints.fund, {
        address,
        amount,
      });
      return ok(`${r.address} now holds ${r.balance} JU on the chain.`);
    }
    if (action === 'run-jobs' && args.length <= 1) {
      const relative = /^\+(\d{1,6})h$/.exec(args[0] ?? '');
      const at = relative
        ? new Date(Date.now() + Number(relative[1]) * 3_600_000).toISOString()
        : args[0];
      const r = await api(env).call(adminChainEndpoints.runJobs, {
        ...(at === undefined ? {} : { at }),
      });
      return ok(
        `Payments decided: ${r.decided_payments}; cycles paid: ${r.paid_cycles}, waiting for the pool: ${r.waiting_cycles}; node quotes expired: ${r.expired_orders}`,
      );
    }
    return usage(`Unknown command: ${positionals.join(' ')}`);
  }
  if (area === 'ticket') {
    if (action === 'list' && args.length === 0) {
      const { status } = values;
      if (status !== undefined && !isApplicationStatus(status))
        return usage(`--status is one of ${APPLICATION_STATUSES.join(', ')}`);
      const r = await api(env).call(adminChainEndpoints.ticketApplications, { status });
      if (r.total === 0) return ok('No ticket dividend applications.');
      const table = formatTable(
        ['ID', 'STATUS', 'USER', 'HASH', 'CREATED', 'REASON'],
        r.list.map((a) => [a.id, a.status, a.address, a.hash, a.created_at, a.reason ?? '-']),
      );
      return ok(`${table}\n\n${r.list.length} of ${r.total} applications`);
    }
    if ((action === 'approve' && args.length === 1) || (action === 'reject' && args.length >= 1)) {
      const [id, ...reason] = args as [string, ...string[]];
      const r = await api(env).call(adminChainEndpoints.ticketReview, {
        id,
        approve: action === 'approve',
        ...(reason.length ? { reason: reason.join(' ') } : {}),
      });
      return ok(
        `${r.changed ? '' : 'Already so: '}Application ${r.application.id} is ${r.application.status}.`,
      );
    }
    return usage(`Unknown command: ${positionals.join(' ')}`);
  }
  if (area === 'cycle' || area === 'release') {
    if (area === 'cycle' && action === 'pool' && args.length === 0) {
      const p = await api(env).call(adminChainEndpoints.cyclePool);
      return ok(
        `Mutual-aid pool holds ${p.funded} JU and owes ${p.owed} JU (${p.covered ? 'covered' : 'NOT covered'}); ` +
          `${p.pending_payout_count} due returns (${p.pending_payout} JU) wait for funds.`,
      );
    }
    if (area === 'release' && action === 'advance' && args.length >= 1 && args.length <= 2) {
      const [address, periods = '1'] = args;
      if (!/^\d{1,4}$/.test(periods)) return usage('release advance needs a number of periods');
      const r = await api(env).call(adminChainEndpoints.releaseAdvance, {
        address: address!,
        periods: Number(periods),
      });
      return ok(`${r.address}'s dividend release now counts from ${r.approved_at}.`);
    }
    if (action === 'fund') {
      const [amount, ...extra] = args;
      if (!amount || extra.length) return usage(`${area} fund needs <amount>`);
      const key = values.key ?? randomUUID();
      const endpoint =
        area === 'cycle' ? adminChainEndpoints.cycleFund : adminChainEndpoints.releaseFund;
      const r = await api(env).call(endpoint, { amount, idempotency_key: key });
      return ok(
        [
          `${r.replayed ? 'Already done: ' : ''}Funded the ${area === 'cycle' ? 'mutual-aid' : 'release'} pool with ${r.amount} JU; it holds ${r.pool_balance} JU.`,
          ...(values.key ? [] : [`(To retry safely, pass --key ${key})`]),
        ].join('\n'),
      );
    }
    return usage(`Unknown command: ${positionals.join(' ')}`);
  }
  return undefined;
}
