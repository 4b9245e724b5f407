// What the wallet pages read: balances (available and frozen), the money log and the
// income record. Both lists are the ledger entries of the user's available account, so
// they always agree with the balance; the domain rows add who and where.
import { ASSET_CODES, isAssetCode, type AssetCode } from '../../contract/api/assets.ts';
import type {
  IncomeRow,
  MoneyLogRow,
  MoneyLogType,
  WalletBalance,
} from '../../contract/api/wallet.ts';
import { INCOME_KINDS } from '../../contract/api/wallet.ts';
import type { MoneyStatus } from '../../contract/api/money.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import type { WithdrawalStatus } from '../db/schema.ts';
import { ACCOUNT_KIND } from '../ledger/accounts.ts';
import type { MoneyLogSources } from '../hooks/moneyLogSources.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';

export async function walletBalances(db: AppDatabase, userId: bigint): Promise<WalletBalance[]> {
  const rows = await db.kysely
    .selectFrom('accounts')
    .select(['asset', 'kind', 'balance'])
    .where('user_id', '=', userId)
    .where('kind', 'in', [ACCOUNT_KIND.user, ACCOUNT_KIND.held])
    .execute();
  const units = (asset: AssetCode, kind: string) =>
    rows.find((row) => row.asset === asset && row.kind === kind)?.balance ?? 0n;
  return ASSET_CODES.map((coin) => ({
    coin,
    available: wireAmount(coin, units(coin, ACCOUNT_KIND.user)),
    frozen: wireAmount(coin, units(coin, ACCOUNT_KIND.held)),
  }));
}

/** The money-log type of a user's entry in a transfer of `kind`, if it shows in the log. */
function typeOf(sources: MoneyLogSources, kind: string, amount: bigint): MoneyLogType | null {
  const types = Object.keys(sources) as MoneyLogType[];
  const found = types.find((type) => {
    const source = sources[type];
    if (source.kind !== kind) return false;
    if (source.sign === 'negative') return amount < 0n;
    if (source.sign === 'positive') return amount > 0n;
    return true;
  });
  return found ?? null;
}

function statusOf(type: MoneyLogType, withdrawal: WithdrawalStatus | null): MoneyStatus {
  if (type !== 'withdraw' || withdrawal === null) return 'success';
  if (withdrawal === 'completed') return 'success';
  if (withdrawal === 'failed') return 'failed';
  return 'pending';
}

export interface MoneyLogQuery {
  coin?: AssetCode;
  type?: MoneyLogType;
  page: number;
  pageSize: number;
}

function userEntries(db: AppDatabase, userId: bigint, kinds: readonly string[]) {
  return db.kysely
    .selectFrom('entries')
    .innerJoin('accounts', 'accounts.id', 'entries.account_id')
    .innerJoin('transfers', 'transfers.id', 'entries.transfer_id')
    .where('accounts.user_id', '=', userId)
    .where('accounts.kind', '=', ACCOUNT_KIND.user)
    .where('transfers.kind', 'in', [...kinds]);
}

/** The user's money log; `sources` say which transfers show as which type (areas.ts). */
export async function moneyLog(
  db: AppDatabase,
  userId: bigint,
  query: MoneyLogQuery,
  sources: MoneyLogSources,
): Promise<{ list: MoneyLogRow[]; total: number }> {
  const loggedKinds = [...new Set(Object.values(sources).map((source) => source.kind))];
  let filtered = userEntries(db, userId, query.type ? [sources[query.type].kind] : loggedKinds);
  if (query.coin) filtered = filtered.where('accounts.asset', '=', query.coin);
  const sign = query.type ? sources[query.type].sign : undefined;
  if (sign === 'negative') filtered = filtered.where('entries.amount', '<', 0n);
  if (sign === 'positive') filtered = filtered.where('entries.amount', '>', 0n);

  const { rows, total } = await readPage(
    filtered,
    (q) =>
      q
        .leftJoin('ticket_transfers', 'ticket_transfers.transfer_id', 'transfers.id')
        .leftJoin('users as sender', 'sender.id', 'ticket_transfers.sender_id')
        .leftJoin('users as recipient', 'recipient.id', 'ticket_transfers.recipient_id')
        .leftJoin('withdrawals', (join) =>
          join.on((eb) =>
            eb.or([
              eb('withdrawals.reserve_transfer_id', '=', eb.ref('transfers.id')),
              eb('withdrawals.finish_transfer_id', '=', eb.ref('transfers.id')),
            ]),
          ),
        )
        .select([
          'entries.id',
          'entries.amount',
          'entries.balance_after',
          'entries.transfer_id',
          'accounts.asset',
          'transfers.kind',
          'transfers.memo',
          'transfers.created_at',
          'sender.address as sender_address',
          'recipient.address as recipient_address',
          'withdrawals.id as withdrawal_id',
          'withdrawals.status as withdrawal_status',
          'withdrawals.address as withdrawal_address',
          'withdrawals.fee as withdrawal_fee',
        ])
        .orderBy('entries.id', 'desc'),
    query,
  );

  const list: MoneyLogRow[] = [];
  for (const row of rows) {
    const type = typeOf(sources, row.kind, row.amount);
    if (!type || !isAssetCode(row.asset)) continue;
    const isTicket = type === 'transfer_out' || type === 'transfer_in';
    list.push({
      id: String(row.id),
      type,
      coin: row.asset,
      amount: wireAmount(row.asset, row.amount),
      status: statusOf(type, row.withdrawal_status),
      created_at: row.created_at,
      balance_after: wireAmount(row.asset, row.balance_after),
      counterparty: isTicket
        ? type === 'transfer_out'
          ? row.recipient_address
          : row.sender_address
        : row.withdrawal_address,
      // A JU fee paid on chain left the wallet, not the balance: nothing here to show.
      fee:
        type === 'withdraw' && row.withdrawal_fee !== null && row.withdrawal_fee > 0n
          ? wireAmount(row.asset, row.withdrawal_fee)
          : null,
      remark: sources[type].userMemo ? row.memo : '',
      transfer_id: String(row.transfer_id),
      withdrawal_id: row.withdrawal_id === null ? null : String(row.withdrawal_id),
    });
  }
  return { total, list };
}

/** Income: what the platform credited (operator deposits today), newest first. */
export async function incomeList(
  db: AppDatabase,
  userId: bigint,
  query: { coin?: AssetCode; page: number; pageSize: number },
): Promise<{ list: IncomeRow[]; total: number }> {
  let filtered = userEntries(db, userId, INCOME_KINDS).where('entries.amount', '>', 0n);
  if (query.coin) filtered = filtered.where('accounts.asset', '=', query.coin);
  const { rows, total } = await readPage(
    filtered,
    (q) =>
      q
        .select([
          'entries.id',
          'entries.amount',
          'accounts.asset',
          'transfers.kind',
          'transfers.memo',
          'transfers.created_at',
        ])
        .orderBy('entries.id', 'desc'),
    query,
  );
  const list: IncomeRow[] = [];
  for (const row of rows) {
    const kind = INCOME_KINDS.find((candidate) => candidate === row.kind);
    if (!kind || !isAssetCode(row.asset)) continue;
    list.push({
      id: String(row.id),
      kind,
      coin: row.asset,
      amount: wireAmount(row.asset, row.amount),
      // An operator's deposit memo is for the user; a payout's is bookkeeping.
      remark: kind === 'deposit' ? row.memo : '',
      created_at: row.created_at,
    });
  }
  return { total, list };
}
