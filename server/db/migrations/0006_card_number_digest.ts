// Card numbers are random under their BIN, so two cards could draw the same one. Each card
// now keeps a keyed digest of its number (HMAC under a key derived from the card data key:
// the number itself stays sealed), unique, so a drawn number already in use is drawn again.
// Cards issued before this migration have no digest; NULLs never collide.
import type { UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('cards').addColumn('number_digest', 'text').execute();
  await db.schema
    .createIndex('cards_number_digest')
    .on('cards')
    .column('number_digest')
    .unique()
    .execute();
}

export async function down(db: UntypedKysely): Promise<void> {
  await db.schema.dropIndex('cards_number_digest').execute();
  await db.schema.alterTable('cards').dropColumn('number_digest').execute();
}
