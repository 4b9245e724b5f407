// Ticket dividend release (spec §2 `/enuRelease`). An approved ticket dividend application
// grants a release total: its historical balance (what the ticket was worth) times the
// exchange rate. From the approval on, each period (RELEASE_PERIOD_HOURS) releases
// RELEASE_PERCENT_PER_PERIOD of the total until all is released. What is released may be
// transferred into the JU balance, paid from the funded release pool — never beyond it.
import type {
  ReleaseLogData,
  ReleaseSummary,
  ReleaseTransferLogData,
  ReleaseTransferRow,
} from '../../contract/api/release.ts';
import type { PaymentSettings } from '../chain/settings.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import { sumUnits, unitsFromSum } from '../db/sumUnits.ts';
import { DomainError } from '../domainError.ts';
import { ACCOUNT_KIND, ensureUserAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/postTransfer.ts';
import { runMoneyOperation } from '../ledger/moneyOperation.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { lockedPoolBalance } from '../cycle/pool.ts';
import { findUserByAddress } from '../users/users.ts';

const MILLIONTH = 1_000_000n;
export const RELEASE_TRANSFER_KIND = 'release_transfer';

interface Schedule {
  historical: bigint;
  total: bigint;
  perPeriod: bigint;
  startedAt: number | null;
  /** Periods that have ended by now (capped at those needed to release all). */
  periods: number;
  released: bigint;
}

function schedule(
  settings: PaymentSettings,
  approval: { historical_balance: bigint; reviewed_at: string | null } | undefined,
  now: Date,
): Schedule {
  if (!approval?.reviewed_at)
    return { historical: 0n, total: 0n, perPeriod: 0n, startedAt: null, periods: 0, released: 0n };
  const total = (approval.historical_balance * settings.releaseExchangeRate) / MILLIONTH;
  // percent in millionths: total × p / (100 × 10^6), at least one unit so it always ends.
  const perPeriod =
    total === 0n ? 0n : maxBig(1n, (total * settings.releasePercentPerPeriod) / (100n * MILLIONTH));
  const startedAt = Date.parse(approval.reviewed_at);
  const elapsed = Math.max(0, Math.floor((now.getTime() - startedAt) / settings.releasePeriodMs));
  const needed = perPeriod === 0n ? 0 : Number((total + perPeriod - 1n) / perPeriod);
  const periods = Math.min(elapsed, needed);
  const released = minBig(total, perPeriod * BigInt(periods));
  return {
    historical: approval.historical_balance,
    total,
    perPeriod,
    startedAt,
    periods,
    released,
  };
}

const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);
const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

function approvedApplication(db: AppDatabase, userId: bigint) {
  return db.kysely
    .selectFrom('ticket_applications')
    .select(['historical_balance', 'reviewed_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
}

async function transferredTotal(db: AppDatabase, userId: bigint): Promise<bigint> {
  const row = await db.kysely
    .selectFrom('release_transfers')
    .select(sumUnits(db.dialect, 'amount').as('sum'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return unitsFromSum(row?.sum);
}

export async function releaseSummary(
  context: ServerContext,
  userId: bigint,
): Promise<ReleaseSummary> {
  const { payments } = context.settings;
  const now = context.now();
  const [approval, transferred] = await Promise.all([
    approvedApplication(context.db, userId),
    transferredTotal(context.db, userId),
  ]);
  const s = schedule(payments, approval, now);
  const progress = s.total === 0n ? 0n : (s.released * 10_000n) / s.total;
  const done = s.total > 0n && s.released >= s.total;
  return {
    historical_balance: wireAmount('JU', s.historical),
    exchange_rate: wireAmount('JU', payments.releaseExchangeRate),
    cumulative_total: wireAmount('JU', s.total),
    released_total: wireAmount('JU', s.released),
    remaining_total: wireAmount('JU', s.total - s.released),
    transferable: wireAmount('JU', s.released - transferred),
    transferred_total: wireAmount('JU', transferred),
    progress_percent: `${progress / 100n}.${String(progress % 100n).padStart(2, '0')}`,
    status: s.total === 0n ? 'none' : done ? 'completed' : 'releasing',
    percent_per_period: wireAmount('JU', payments.releasePercentPerPeriod),
    period_hours: Math.round(payments.releasePeriodMs / 3_600_000),
    next_release_at:
      s.startedAt === null || done
        ? null
        : new Date(s.startedAt + (s.periods + 1) * payments.releasePeriodMs).toISOString(),
  };
}

/** One row per ended period, newest first; computed from the schedule, nothing stored. */
export async function releaseLog(
  context: ServerContext,
  userId: bigint,
  page: number,
  pageSize: number,
): Promise<ReleaseLogData> {
  const { payments } = context.settings;
  const s = schedule(payments, await approvedApplication(context.db, userId), context.now());
  const list = [];
  const first = s.periods - (page - 1) * pageSize;
  for (let period = first; period > Math.max(0, first - pageSize); period--) {
    const before = minBig(s.total, s.perPeriod * BigInt(period - 1));
    list.push({
      period,
      amount: wireAmount('JU', minBig(s.total, s.perPeriod * BigInt(period)) - before),
      released_at: new Date(s.startedAt! + period * payments.releasePeriodMs).toISOString(),
    });
  }
  return { list, total: s.periods };
}

export async function transferReleased(
  context: ServerContext,
  userId: bigint,
  units: bigint,
  idempotencyKey: string,
): Promise<ReleaseTransferRow> {
  const now = context.now();
  const { answer } = await runMoneyOperation(context.db, {
    ownerId: userId,
    scope: 'release_transfer',
    key: idempotencyKey,
    request: { units },
    lockUserId: userId,
    now,
    async run(trx): Promise<ReleaseTransferRow> {
      const s = schedule(context.settings.payments, await approvedApplication(trx, userId), now);
      const transferable = s.released - (await transferredTotal(trx, userId));
      if (units > transferable)
        throw new DomainError('release_amount_exceeds', {
          data: { field: 'amount', transferable: wireAmount('JU', transferable) },
        });
      const pool = await lockedPoolBalance(trx, ACCOUNT_KIND.release_pool, now);
      if (pool.balance < units) throw new DomainError('release_pool_underfunded');
      const account = await ensureUserAccount(trx, userId, 'JU', now);
      const transfer = await postTransfer(trx, {
        idempotencyKey: `release-transfer:${userId}:${idempotencyKey}`,
        keyIsNew: true,
        kind: RELEASE_TRANSFER_KIND,
        legs: [
          { accountId: pool.accountId, amount: -units },
          { accountId: account, amount: units },
        ],
        now,
      });
      const row = await trx.kysely
        .insertInto('release_transfers')
        .values({
          user_id: userId,
          amount: units,
          transfer_id: transfer.id,
          created_at: transfer.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return releaseTransferWire(row);
    },
  });
  return answer;
}

function releaseTransferWire(row: {
  id: bigint;
  amount: bigint;
  created_at: string;
}): ReleaseTransferRow {
  return {
    id: String(row.id),
    amount: wireAmount('JU', row.amount),
    status: 'success',
    created_at: row.created_at,
  };
}

export async function releaseTransferLog(
  db: AppDatabase,
  userId: bigint,
  page: number,
  pageSize: number,
): Promise<ReleaseTransferLogData> {
  const { rows, total } = await readPage(
    db.kysely.selectFrom('release_transfers').where('user_id', '=', userId),
    (q) => q.selectAll().orderBy('id', 'desc'),
    { page, pageSize },
  );
  return { list: rows.map(releaseTransferWire), total };
}

/**
 * Development chains only (adminRoutes.ts): the user's approved application counts as
 * approved `periods` periods earlier, so that many periods are released now. Nothing is
 * dated in the future, and no money moves: what is released is transferred by the user.
 */
export async function advanceRelease(
  context: ServerContext,
  address: string,
  periods: number,
): Promise<{ address: string; approved_at: string }> {
  const user = await findUserByAddress(context.db, address);
  if (!user) throw new DomainError('user_not_found');
  const approval = await approvedApplication(context.db, user.id);
  if (!approval?.reviewed_at) throw new DomainError('release_not_approved');
  const earlier = new Date(
    Date.parse(approval.reviewed_at) - periods * context.settings.payments.releasePeriodMs,
  ).toISOString();
  await context.db.kysely
    .updateTable('ticket_applications')
    .set({ reviewed_at: earlier })
    .where('user_id', '=', user.id)
    .where('status', '=', 'approved')
    .execute();
  return { address, approved_at: earlier };
}
