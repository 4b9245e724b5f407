// The referral tree's cost: team figures (user info's zhi_num, team_num and performance) for
// a user with a 10,000-member team, 100 levels deep, straight on the database. Part of
// `npm run bench`; also runs alone: `node scripts/bench/team.ts` (SQLite; PostgreSQL when
// TEST_DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import { teamSummary } from '../../server/users/referrals.ts';

const CHAINS = 100;
const DEPTH = 100;
const RUNS = 20;

/** One line: median and slowest of RUNS team summaries, after a warm-up. */
export async function benchTeam(label: string, databaseUrl: string | null): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-bench-team-'));
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    // A fresh prefix: a PostgreSQL bench database may be reused between runs.
    const prefix = randomUUID().slice(0, 8);
    const at = new Date().toISOString();
    const { id: top } = await db.kysely
      .insertInto('users')
      .values({ address: `0xteam${prefix}`, invite_code: `T${prefix}`, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    let parents = Array.from({ length: CHAINS }, () => top);
    for (let depth = 0; depth < DEPTH; depth++) {
      const code = (chain: number) => `T${prefix}-${chain}-${depth}`;
      const rows = await db.kysely
        .insertInto('users')
        .values(
          parents.map((parent, chain) => ({
            address: `0xteam${prefix}-${chain}-${depth}`,
            invite_code: code(chain),
            referrer_id: parent,
            created_at: at,
          })),
        )
        .returning(['id', 'invite_code'])
        .execute();
      const byCode = new Map(rows.map((row) => [row.invite_code, row.id]));
      parents = parents.map((_, chain) => byCode.get(code(chain))!);
    }
    if (db.dialect === 'postgres') await sql`ANALYZE users`.execute(db.kysely);
    for (let warm = 0; warm < 3; warm++) await teamSummary(db, top);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const summary = await teamSummary(db, top);
      times.push(performance.now() - started);
      if (summary.team !== CHAINS * DEPTH) throw new Error(`team of ${summary.team}`);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)]!.toFixed(1);
    const slowest = times[RUNS - 1]!.toFixed(1);
    return `${label}: team figures of a ${CHAINS * DEPTH}-member team, ${DEPTH} deep: median ${median} ms, slowest ${slowest} ms (goal < 50 ms)`;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log(await benchTeam('SQLite', null));
  if (process.env.TEST_DATABASE_URL)
    console.log(await benchTeam('PostgreSQL', process.env.TEST_DATABASE_URL));
}
