// Delivery addresses name their country, so a postcode can be judged by the country's format
// and the card is sent abroad correctly. Addresses saved before have none (NULL) until edited.
import type { UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('card_addresses').addColumn('country', 'text').execute();
}

export async function down(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('card_addresses').dropColumn('country').execute();
}
