// Two records the card service keeps from now on:
// - which agreements (id and version) the user accepted with each card application, as a
//   JSON array, so what was agreed to can be shown and audited later; applications made
//   before this migration have none recorded (NULL);
// - wrong current PINs in a row on each card, and until when PIN changes are locked after
//   too many, so the current PIN a change asks for cannot be guessed by trying them all.
import type { UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('card_applications').addColumn('agreements', 'text').execute();
  await db.schema
    .alterTable('cards')
    .addColumn('pin_failures', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('cards').addColumn('pin_locked_until', 'text').execute();
}

export async function down(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('cards').dropColumn('pin_locked_until').execute();
  await db.schema.alterTable('cards').dropColumn('pin_failures').execute();
  await db.schema.alterTable('card_applications').dropColumn('agreements').execute();
}
