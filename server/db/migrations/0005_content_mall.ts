// Operator content (home, marquee, notices per language), read marks, mall orders and the
// performance entries behind personal and team performance; then the neutral demo content
// a new installation starts with (server/db/demoSeed.ts), so every language shows a
// living home page and notice list until the operator writes their own.
import { sql } from 'kysely';
import { demoSeedRows } from '../demoSeed.ts';
import { dialectOf, type UntypedKysely } from '../dialect.ts';

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

  await db.schema
    .createTable('content_blocks')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('content_blocks_pk', ['kind', 'locale'])
    .execute();

  await id('notices')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createTable('notice_texts')
    .addColumn('notice_id', 'bigint', (col) => col.notNull().references('notices.id'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('notice_texts_pk', ['notice_id', 'locale'])
    .execute();
  await db.schema
    .createTable('notice_reads')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('notice_id', 'bigint', (col) => col.notNull().references('notices.id'))
    .addColumn('read_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['user_id', 'notice_id'])
    .execute();

  await id('mall_orders')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('coin', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('tracking_no', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('shipped_at', 'text')
    .addColumn('received_at', 'text')
    .addCheckConstraint('mall_orders_quantity_positive', sql`quantity > 0`)
    .addCheckConstraint('mall_orders_amount_not_negative', sql`amount >= 0`)
    .addCheckConstraint(
      'mall_orders_status_known',
      sql`status IN ('pending', 'shipped', 'received')`,
    )
    .execute();
  await db.schema
    .createIndex('mall_orders_user_status')
    .on('mall_orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('mall_orders_user')
    .on('mall_orders')
    .columns(['user_id', 'id'])
    .execute();

  await id('performance_entries')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('units', 'bigint', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('performance_entries_units_positive', sql`units > 0`)
    .addUniqueConstraint('performance_entries_source_reference', ['source', 'reference'])
    .execute();
  await db.schema
    .createIndex('performance_entries_user')
    .on('performance_entries')
    .columns(['user_id', 'units'])
    .execute();

  const seed = demoSeedRows(new Date().toISOString());
  await db.insertInto('content_blocks').values(seed.blocks).execute();
  for (const notice of seed.notices) {
    const { id: noticeId } = await db
      .insertInto('notices')
      .values({ created_at: notice.created_at, updated_at: notice.created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('notice_texts')
      .values(notice.texts.map((text) => ({ ...text, notice_id: noticeId })))
      .execute();
  }
}

export async function down(db: UntypedKysely): Promise<void> {
  for (const table of [
    'performance_entries',
    'mall_orders',
    'notice_reads',
    'notice_texts',
    'notices',
    'content_blocks',
  ])
    await db.schema.dropTable(table).execute();
}
