// Team figures kept, not recomputed (server/users/teamFigures.ts): each user's folded figures
// (team_figures) and the changes since the last fold (team_deltas), then the figures of the
// referral tree as it is, computed once the slow way (one recursive pass over every user).
//
// team_deltas has no foreign key on purpose: on PostgreSQL a foreign-key check takes a
// KEY SHARE lock on the referenced row, and every purchase deep in a chain would then lock the
// user at its top, the very hot row these tables exist to avoid. Its rows are only ever
// written for existing users, by the same transaction that reads them from the tree.
import { sql } from 'kysely';
import { dialectOf, type UntypedKysely } from '../dialect.ts';

const FIGURES = ['direct', 'team', 'personal_units', 'team_units'] as const;

export async function up(db: UntypedKysely): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  let figures = db.schema
    .createTable('team_figures')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id'));
  for (const column of FIGURES)
    figures = figures.addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0));
  await figures.execute();

  // On SQLite a plain INTEGER PRIMARY KEY (the rowid): AUTOINCREMENT would write its
  // counter on every insert, and the fold needs no id to stay unused.
  let deltas = postgres
    ? db.schema
        .createTable('team_deltas')
        .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : db.schema.createTable('team_deltas').addColumn('id', 'integer', (col) => col.primaryKey());
  deltas = deltas.addColumn('user_id', 'bigint', (col) => col.notNull());
  for (const column of FIGURES)
    deltas = deltas.addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0));
  await deltas.execute();
  await db.schema.createIndex('team_deltas_user').on('team_deltas').column('user_id').execute();

  // Every (member, ancestor) pair of the tree, then each ancestor's figures. Referrers are
  // set once, to an earlier user, so the recursion ends.
  await sql`
    WITH RECURSIVE up (member, ancestor, depth) AS (
      SELECT id, referrer_id, 1 FROM users WHERE referrer_id IS NOT NULL
      UNION ALL
      SELECT up.member, users.referrer_id, up.depth + 1
        FROM up JOIN users ON users.id = up.ancestor
        WHERE users.referrer_id IS NOT NULL
    ),
    own (user_id, units) AS (
      SELECT user_id, SUM(units) FROM performance_entries GROUP BY user_id
    ),
    below (user_id, direct, team, team_units) AS (
      SELECT up.ancestor, SUM(CASE WHEN up.depth = 1 THEN 1 ELSE 0 END), COUNT(*),
             COALESCE(SUM(own.units), 0)
        FROM up LEFT JOIN own ON own.user_id = up.member
        GROUP BY up.ancestor
    )
    INSERT INTO team_figures (user_id, direct, team, personal_units, team_units)
    SELECT users.id, COALESCE(below.direct, 0), COALESCE(below.team, 0),
           COALESCE(own.units, 0), COALESCE(below.team_units, 0)
      FROM users
      LEFT JOIN below ON below.user_id = users.id
      LEFT JOIN own ON own.user_id = users.id
      WHERE below.user_id IS NOT NULL OR own.user_id IS NOT NULL`.execute(db);
}

export async function down(db: UntypedKysely): Promise<void> {
  await db.schema.dropTable('team_deltas').execute();
  await db.schema.dropTable('team_figures').execute();
}
