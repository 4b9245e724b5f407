// Home content and the marquee: one JSON block per kind and language.
import * as v from 'valibot';
import { MARQUEE_ITEM_MAX_LENGTH, type MarqueeData } from '../../contract/api/common.ts';
import {
  homeContentSchema,
  type HomeData,
  type HomePageContent,
} from '../../contract/api/content.ts';
import type { Locale } from '../../contract/i18n/locales.ts';
import type { AppDatabase } from '../db/database.ts';
import { DomainError } from '../domainError.ts';
import { localesFor } from './locales.ts';

type BlockKind = 'home' | 'marquee';

const MARQUEE_MAX_ITEMS = 10;

export const marqueeItemsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MARQUEE_ITEM_MAX_LENGTH))),
  v.maxLength(MARQUEE_MAX_ITEMS),
);

async function readBlock(db: AppDatabase, kind: BlockKind, locale: Locale) {
  const locales = localesFor(locale);
  const rows = await db.kysely
    .selectFrom('content_blocks')
    .select(['locale', 'body', 'updated_at'])
    .where('kind', '=', kind)
    .where('locale', 'in', locales)
    .execute();
  for (const wanted of locales) {
    const row = rows.find((candidate) => candidate.locale === wanted);
    if (row) return row;
  }
  return undefined;
}

async function writeBlock(
  db: AppDatabase,
  kind: BlockKind,
  locale: Locale,
  body: unknown,
  now: Date,
): Promise<void> {
  const row = { kind, locale, body: JSON.stringify(body), updated_at: now.toISOString() };
  await db.kysely
    .insertInto('content_blocks')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'locale'])
        .doUpdateSet({ body: row.body, updated_at: row.updated_at }),
    )
    .execute();
  contentWrites += 1;
}

// Counts content writes in this process, so the page renderer's copy (below) is dropped the
// moment an operator changes the home content or the marquee here.
let contentWrites = 0;

/** How long a copy of the home content may serve page loads; covers writes by other processes. */
export const HOME_CONTENT_COPY_MS = 10_000;

/**
 * The home content and the marquee for index.html, which every first visit asks for, so the
 * app's first screen makes no call: one copy per language, kept a few seconds (and dropped on
 * a write in this process) so a burst of visits costs one read. A short lifetime rather than
 * invalidation alone, because another server process sharing the database (PostgreSQL) may
 * write the content too.
 */
export function homeContentCopies(
  db: AppDatabase,
  clock: () => number = Date.now,
): (locale: Locale) => Promise<HomePageContent> {
  const copies = new Map<Locale, { at: number; writes: number; data: Promise<HomePageContent> }>();
  return (locale) => {
    const now = clock();
    const copy = copies.get(locale);
    if (copy && copy.writes === contentWrites && now - copy.at < HOME_CONTENT_COPY_MS)
      return copy.data;
    const data = Promise.all([homeContentFor(db, locale), marqueeFor(db, locale)]).then(
      ([home, marquee]) => ({ home, marquee }),
    );
    const fresh = { at: now, writes: contentWrites, data };
    copies.set(locale, fresh);
    // A failed read is not kept: the next visit tries again.
    fresh.data.catch(() => {
      if (copies.get(locale) === fresh) copies.delete(locale);
    });
    return fresh.data;
  };
}

export async function homeContentFor(db: AppDatabase, locale: Locale): Promise<HomeData> {
  const row = await readBlock(db, 'home', locale);
  const parsed = row ? v.safeParse(homeContentSchema, JSON.parse(row.body)) : undefined;
  if (!row || !parsed?.success) return { content: null, lang: null, updated_at: null };
  return { content: parsed.output, lang: row.locale, updated_at: row.updated_at };
}

export async function marqueeFor(db: AppDatabase, locale: Locale): Promise<MarqueeData> {
  const row = await readBlock(db, 'marquee', locale);
  const parsed = row ? v.safeParse(marqueeItemsSchema, JSON.parse(row.body)) : undefined;
  if (!row || !parsed?.success) return { list: [], lang: null };
  return { list: parsed.output, lang: row.locale };
}

/** Checks the operator's home content against the contract; a clear 400 names the field. */
export async function setHomeContent(
  db: AppDatabase,
  locale: Locale,
  content: unknown,
  now: Date,
): Promise<void> {
  const parsed = v.safeParse(homeContentSchema, content);
  if (!parsed.success) {
    const field = v.getDotPath(parsed.issues[0]) ?? 'content';
    throw new DomainError('content_invalid', {
      values: { field },
      data: { field, issues: parsed.issues.map((issue) => issue.message) },
    });
  }
  await writeBlock(db, 'home', locale, parsed.output, now);
}

export async function setMarquee(
  db: AppDatabase,
  locale: Locale,
  items: string[],
  now: Date,
): Promise<void> {
  await writeBlock(db, 'marquee', locale, items, now);
}
