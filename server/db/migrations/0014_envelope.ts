// The request envelope's state shared by every server process (docs/protocol.md "Request envelope", "Keys and
// rotation", and §5 step 8):
// - envelope_keys: the X25519 key pairs requests are sealed to. One is current (retires_at
//   null); a rotation gives the previous one a grace period (retires_at in the future)
//   during which both are live and published. Rows past their retires_at are dead: kept
//   until their key id (0–255) is needed again. The secret key is stored as hex: whoever
//   reads this table can open requests sealed to it, as whoever reads the others can read
//   the data itself.
// - envelope_nonces: the nonce of each enveloped write, inserted by the write's own
//   transaction (server/envelope/nonces.ts), so a replay of it is refused by every process
//   (the primary key). Rows older than twice the timestamp window are pruned by a job; with
//   minutes of rows at most, the prune's scan needs no index of its own.
import { sql } from 'kysely';
import type { UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  await db.schema
    .createTable('envelope_keys')
    .addColumn('key_id', 'integer', (col) => col.primaryKey())
    .addColumn('secret_key', 'text', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('retires_at', 'text')
    .addCheckConstraint('envelope_keys_key_id', sql`key_id BETWEEN 0 AND 255`)
    .execute();
  await db.schema
    .createTable('envelope_nonces')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: UntypedKysely): Promise<void> {
  await db.schema.dropTable('envelope_nonces').execute();
  await db.schema.dropTable('envelope_keys').execute();
}
