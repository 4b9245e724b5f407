// Each session remembers the User-Agent it signed in with (cut to 512 characters), so the
// user centre can tell sessions apart by browser and device. Sessions opened before this
// migration have none and show without them.
import type { UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
}

export async function down(db: UntypedKysely): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
