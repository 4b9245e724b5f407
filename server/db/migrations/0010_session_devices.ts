// Each session remembers the browser it was opened in (a random, non-secret id the app keeps
// in localStorage), so a new sign-in from that browser ends its earlier sessions instead of
// piling up one per reload. Sessions opened before this migration, or by clients that send
// no id, have none; NULLs never match.
import type { UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('device_id', 'text').execute();
}

export async function down(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('device_id').execute();
}
