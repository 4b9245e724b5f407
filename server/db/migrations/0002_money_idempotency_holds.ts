// Money: the idempotency table, withdrawals and ticket transfers, sharded system accounts,
// and the ledger rules the database itself enforces (listed in docs/operations.md):
// - a balance changes only through an entry, and equals the previous balance plus it;
// - the entries of a transfer are exactly `entry_count` and sum to zero per asset
//   (PostgreSQL checks at commit; SQLite when the last entry arrives, and refuses a new
//   transfer while the previous one is incomplete);
// - history cannot be rewritten: no UPDATE or DELETE (0001), and on SQLite no REPLACE,
//   which would delete without firing DELETE triggers.
import { sql } from 'kysely';
import { dialectOf, type SqlDialectName, type UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  const dialect = dialectOf(db);
  const id = (table: string) =>
    dialect === 'postgres'
      ? db.schema
          .createTable(table)
          .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : db.schema
          .createTable(table)
          .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  // One row per money request: (owner, scope, key) → what was asked and what was answered.
  // owner_id is the user, or 0 for the operator (no foreign key for that reason).
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('owner_id', 'bigint', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('answer_status', 'integer')
    .addColumn('answer_body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['owner_id', 'scope', 'key'])
    .execute();

  // System accounts come in shards, so no single row serialises every fee or deposit.
  await db.schema
    .alterTable('accounts')
    .addColumn('shard', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('accounts_system_asset_kind').execute();
  await db.schema
    .createIndex('accounts_system_asset_kind_shard')
    .on('accounts')
    .columns(['asset', 'kind', 'shard'])
    .unique()
    .where(sql.ref('user_id'), 'is', null)
    .execute();

  await db.schema
    .alterTable('transfers')
    .addColumn('entry_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await backfillEntryCounts(db, dialect);

  await id('ticket_transfers')
    .addColumn('transfer_id', 'bigint', (col) => col.notNull().unique().references('transfers.id'))
    .addColumn('sender_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('recipient_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('asset', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('remark', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('ticket_transfers_amount_positive', sql`amount > 0`)
    .addCheckConstraint('ticket_transfers_not_to_self', sql`sender_id <> recipient_id`)
    .execute();
  await db.schema
    .createIndex('ticket_transfers_sender')
    .on('ticket_transfers')
    .columns(['sender_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ticket_transfers_recipient')
    .on('ticket_transfers')
    .columns(['recipient_id', 'id'])
    .execute();

  await id('withdrawals')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('asset', 'text', (col) => col.notNull())
    .addColumn('network', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('txid', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('reserve_transfer_id', 'bigint', (col) =>
      col.notNull().unique().references('transfers.id'),
    )
    .addColumn('finish_transfer_id', 'bigint', (col) => col.unique().references('transfers.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addCheckConstraint('withdrawals_amount_positive', sql`amount > 0 AND fee >= 0`)
    .addCheckConstraint(
      'withdrawals_status',
      sql`status IN ('processing', 'completed', 'failed', 'unknown')`,
    )
    .execute();
  await db.schema
    .createIndex('withdrawals_user')
    .on('withdrawals')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('withdrawals_status')
    .on('withdrawals')
    .columns(['status', 'id'])
    .execute();

  if (dialect === 'postgres') await postgresLedgerRules(db);
  else await sqliteLedgerRules(db);
}

async function backfillEntryCounts(db: UntypedKysely, dialect: SqlDialectName): Promise<void> {
  const count = sql`entry_count = (SELECT COUNT(*) FROM entries WHERE entries.transfer_id = transfers.id)`;
  if (dialect === 'postgres') {
    await sql`ALTER TABLE transfers DISABLE TRIGGER transfers_append_only`.execute(db);
    await sql`UPDATE transfers SET ${count}`.execute(db);
    await sql`ALTER TABLE transfers ENABLE TRIGGER transfers_append_only`.execute(db);
  } else {
    await sql`DROP TRIGGER transfers_no_update`.execute(db);
    await sql`UPDATE transfers SET ${count}`.execute(db);
    await sql`
      CREATE TRIGGER transfers_no_update BEFORE UPDATE ON transfers
      BEGIN SELECT RAISE(ABORT, 'transfers is append-only'); END`.execute(db);
  }
}

async function postgresLedgerRules(db: UntypedKysely): Promise<void> {
  // An entry moves its account's balance, and must state the balance it leaves.
  await sql`
    CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE new_balance bigint;
    BEGIN
      UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
        RETURNING balance INTO new_balance;
      IF new_balance IS DISTINCT FROM NEW.balance_after THEN
        RAISE EXCEPTION 'entry % states balance % but account % would hold %',
          NEW.id, NEW.balance_after, NEW.account_id, new_balance;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER entries_apply AFTER INSERT ON entries
    FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry()`.execute(db);

  // Only that trigger (one level down) may change a balance; nothing may re-own an account.
  await sql`
    CREATE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'accounts cannot be deleted';
      END IF;
      IF TG_OP = 'INSERT' THEN
        IF NEW.balance <> 0 THEN
          RAISE EXCEPTION 'an account starts at balance 0';
        END IF;
        RETURN NEW;
      END IF;
      IF NEW.id <> OLD.id OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.asset <> OLD.asset
         OR NEW.kind <> OLD.kind OR NEW.shard <> OLD.shard THEN
        RAISE EXCEPTION 'an account cannot change owner, asset or kind';
      END IF;
      IF NEW.balance <> OLD.balance AND pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'a balance changes only through ledger entries';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER accounts_guard BEFORE INSERT OR UPDATE OR DELETE ON accounts
    FOR EACH ROW EXECUTE FUNCTION ledger_guard_account()`.execute(db);

  // At commit: each transfer has exactly its stated number of entries, summing to zero per
  // asset. Deferred, so the entries can be written one by one within the transaction.
  await sql`
    CREATE FUNCTION ledger_check_transfer(checked_id bigint) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE expected bigint; actual bigint; unbalanced text;
    BEGIN
      SELECT entry_count INTO expected FROM transfers WHERE id = checked_id;
      SELECT COUNT(*) INTO actual FROM entries WHERE transfer_id = checked_id;
      IF actual <> expected OR actual < 2 THEN
        RAISE EXCEPTION 'transfer % has % entries, not %', checked_id, actual, expected;
      END IF;
      SELECT a.asset INTO unbalanced FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE e.transfer_id = checked_id GROUP BY a.asset HAVING SUM(e.amount) <> 0 LIMIT 1;
      IF unbalanced IS NOT NULL THEN
        RAISE EXCEPTION 'transfer % does not balance in %', checked_id, unbalanced;
      END IF;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION ledger_check_entry_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- NEW has no transfer_id on transfers, and PL/pgSQL resolves fields per statement.
      IF TG_TABLE_NAME = 'transfers' THEN
        PERFORM ledger_check_transfer(NEW.id);
      ELSE
        PERFORM ledger_check_transfer(NEW.transfer_id);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  for (const table of ['transfers', 'entries']) {
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.id(`${table}_balanced_at_commit`)}
      AFTER INSERT ON ${sql.table(table)} DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_transfer()`.execute(db);
  }
}

async function sqliteLedgerRules(db: UntypedKysely): Promise<void> {
  const statements = [
    // REPLACE deletes the old row without firing DELETE triggers: refuse any insert that
    // would collide, so history and balances can only grow by new rows. (One trigger per
    // table, so the checks run in this order.)
    sql`CREATE TRIGGER transfers_insert_guard BEFORE INSERT ON transfers
      BEGIN
        SELECT RAISE(ABORT, 'transfers cannot be replaced')
          WHERE EXISTS (SELECT 1 FROM transfers
            WHERE id = NEW.id OR idempotency_key = NEW.idempotency_key);
        SELECT RAISE(ABORT, 'a transfer has at least two entries') WHERE NEW.entry_count < 2;
        -- No commit-time check here: a transfer still missing entries blocks the next one.
        SELECT RAISE(ABORT, 'the previous transfer is incomplete')
          WHERE EXISTS (SELECT 1 FROM transfers t WHERE t.id = (SELECT MAX(id) FROM transfers)
            AND t.entry_count <> (SELECT COUNT(*) FROM entries e WHERE e.transfer_id = t.id));
      END`,
    sql`CREATE TRIGGER entries_insert_guard BEFORE INSERT ON entries
      BEGIN
        SELECT RAISE(ABORT, 'entries cannot be replaced')
          WHERE EXISTS (SELECT 1 FROM entries WHERE id = NEW.id);
        SELECT RAISE(ABORT, 'the transfer already has all its entries')
          WHERE (SELECT COUNT(*) FROM entries WHERE transfer_id = NEW.transfer_id)
            >= (SELECT entry_count FROM transfers WHERE id = NEW.transfer_id);
      END`,
    // The entry moves the balance; it must state the balance it leaves.
    sql`CREATE TRIGGER entries_apply AFTER INSERT ON entries
      BEGIN
        SELECT RAISE(ABORT, 'the entry states a wrong balance after')
          WHERE NEW.balance_after IS NOT
            (SELECT balance + NEW.amount FROM accounts WHERE id = NEW.account_id);
        UPDATE accounts SET balance = NEW.balance_after WHERE id = NEW.account_id;
      END`,
    // The last entry of a transfer completes it: its entries must sum to zero per asset.
    sql`CREATE TRIGGER entries_balanced AFTER INSERT ON entries
      WHEN (SELECT COUNT(*) FROM entries WHERE transfer_id = NEW.transfer_id)
        = (SELECT entry_count FROM transfers WHERE id = NEW.transfer_id)
      BEGIN
        SELECT RAISE(ABORT, 'the transfer does not balance')
          WHERE EXISTS (SELECT 1 FROM entries e JOIN accounts a ON a.id = e.account_id
            WHERE e.transfer_id = NEW.transfer_id GROUP BY a.asset HAVING SUM(e.amount) <> 0);
      END`,
    sql`CREATE TRIGGER accounts_start_at_zero BEFORE INSERT ON accounts
      WHEN NEW.balance <> 0
      BEGIN SELECT RAISE(ABORT, 'an account starts at balance 0'); END`,
    // An existing account is kept as it is (like ON CONFLICT DO NOTHING), never replaced.
    sql`CREATE TRIGGER accounts_no_replace BEFORE INSERT ON accounts
      WHEN EXISTS (SELECT 1 FROM accounts WHERE id = NEW.id
        OR (user_id IS NEW.user_id AND asset = NEW.asset AND kind = NEW.kind AND shard = NEW.shard))
      BEGIN SELECT RAISE(IGNORE); END`,
    sql`CREATE TRIGGER accounts_no_delete BEFORE DELETE ON accounts
      BEGIN SELECT RAISE(ABORT, 'accounts cannot be deleted'); END`,
    // A balance may only become what the account's latest entry says it is.
    sql`CREATE TRIGGER accounts_guard BEFORE UPDATE ON accounts
      WHEN NEW.id IS NOT OLD.id OR NEW.user_id IS NOT OLD.user_id OR NEW.asset IS NOT OLD.asset
        OR NEW.kind IS NOT OLD.kind OR NEW.shard IS NOT OLD.shard
        OR (NEW.balance IS NOT OLD.balance AND NEW.balance IS NOT
          (SELECT balance_after FROM entries WHERE account_id = NEW.id ORDER BY id DESC LIMIT 1))
      BEGIN SELECT RAISE(ABORT, 'a balance changes only through ledger entries'); END`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are not undone; restore a backup instead.');
}
