// Notices: one per announcement, with a title and HTML body per language, and a read mark
// per user. A reader sees the text in their language, else the English one; a notice with
// neither is not shown to them. Publishing, editing or removing a notice tells every user's
// app (realtime, user@notice) as one broadcast: its cost does not grow with the users.
import type { NoticeDetail, NoticeListData } from '../../contract/api/notice.ts';
import { FALLBACK_LOCALE, type Locale } from '../../contract/i18n/locales.ts';
import type { AppDatabase } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import { publishBroadcast } from '../realtime/outbox.ts';

const EXCERPT_LENGTH = 140;

function visibleNotices(db: AppDatabase, locale: Locale, userId: bigint) {
  return db.kysely
    .selectFrom('notices as n')
    .leftJoin('notice_texts as own', (join) =>
      join.onRef('own.notice_id', '=', 'n.id').on('own.locale', '=', locale),
    )
    .leftJoin('notice_texts as fallback', (join) =>
      join.onRef('fallback.notice_id', '=', 'n.id').on('fallback.locale', '=', FALLBACK_LOCALE),
    )
    .leftJoin('notice_reads as r', (join) =>
      join.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', userId),
    )
    .where('n.removed_at', 'is', null)
    .where((eb) =>
      eb.or([eb('own.locale', 'is not', null), eb('fallback.locale', 'is not', null)]),
    );
}

/** Plain text of operator HTML, for the list's one-line preview (shown as text, never HTML). */
export function excerptOf(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

export async function listNotices(
  db: AppDatabase,
  input: { locale: Locale; userId: bigint; page: number; pageSize: number },
): Promise<NoticeListData> {
  const base = visibleNotices(db, input.locale, input.userId);
  const counts = await base
    .select((eb) => [
      eb.fn.countAll<bigint | number>().as('total'),
      eb.fn.count<bigint | number>('n.id').filterWhere('r.read_at', 'is', null).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await base
    .select((eb) => [
      'n.id',
      'n.created_at',
      'r.read_at',
      eb.fn.coalesce('own.title', 'fallback.title').as('title'),
      eb.fn.coalesce('own.body', 'fallback.body').as('body'),
      eb.fn.coalesce('own.locale', 'fallback.locale').as('locale'),
    ])
    .orderBy('n.id', 'desc')
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  return {
    total: Number(counts.total),
    unread: Number(counts.unread),
    list: rows.map((row) => ({
      id: String(row.id),
      title: row.title ?? '',
      excerpt: excerptOf(row.body ?? ''),
      lang: row.locale ?? FALLBACK_LOCALE,
      created_at: row.created_at,
      read: row.read_at !== null,
    })),
  };
}

/** One notice in the reader's language; opening it marks it read for them. */
export async function openNotice(
  db: AppDatabase,
  input: { locale: Locale; userId: bigint; id: bigint; now: Date },
): Promise<NoticeDetail> {
  const row = await visibleNotices(db, input.locale, input.userId)
    .select((eb) => [
      'n.id',
      'n.created_at',
      'n.updated_at',
      eb.fn.coalesce('own.title', 'fallback.title').as('title'),
      eb.fn.coalesce('own.body', 'fallback.body').as('body'),
      eb.fn.coalesce('own.locale', 'fallback.locale').as('locale'),
    ])
    .where('n.id', '=', input.id)
    .executeTakeFirst();
  if (!row) throw new DomainError('notice_not_found', { data: { field: 'id' } });
  await db.kysely
    .insertInto('notice_reads')
    .values({ user_id: input.userId, notice_id: row.id, read_at: input.now.toISOString() })
    .onConflict((conflict) => conflict.columns(['user_id', 'notice_id']).doNothing())
    .execute();
  return {
    id: String(row.id),
    title: row.title ?? '',
    body: row.body ?? '',
    lang: row.locale ?? FALLBACK_LOCALE,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

// Operator side.

function noticesChanged(trx: AppDatabase, kind: string, now: Date): Promise<void> {
  return publishBroadcast(trx, 'user@notice', { kind, changes: ['notices'] }, now);
}

export async function addNotice(
  db: AppDatabase,
  input: { locale: Locale; title: string; body: string; now: Date },
): Promise<bigint> {
  const at = input.now.toISOString();
  return inTransaction(db, async (transaction) => {
    const trx = transaction.kysely;
    const { id } = await trx
      .insertInto('notices')
      .values({ created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('notice_texts')
      .values({
        notice_id: id,
        locale: input.locale,
        title: input.title,
        body: input.body,
        updated_at: at,
      })
      .execute();
    await noticesChanged(transaction, 'notice_published', input.now);
    return id;
  });
}

/** Sets (adds or replaces) the notice's text in one language. */
export async function editNotice(
  db: AppDatabase,
  input: { id: bigint; locale: Locale; title: string; body: string; now: Date },
): Promise<void> {
  const at = input.now.toISOString();
  await inTransaction(db, async (transaction) => {
    const trx = transaction.kysely;
    const updated = await trx
      .updateTable('notices')
      .set({ updated_at: at })
      .where('id', '=', input.id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n)
      throw new DomainError('notice_not_found', { data: { field: 'id' } });
    const text = { title: input.title, body: input.body, updated_at: at };
    await trx
      .insertInto('notice_texts')
      .values({ notice_id: input.id, locale: input.locale, ...text })
      .onConflict((conflict) => conflict.columns(['notice_id', 'locale']).doUpdateSet(text))
      .execute();
    await noticesChanged(transaction, 'notice_updated', input.now);
  });
}

export async function removeNotice(db: AppDatabase, id: bigint, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const updated = await trx.kysely
      .updateTable('notices')
      .set({ removed_at: now.toISOString() })
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n)
      throw new DomainError('notice_not_found', { data: { field: 'id' } });
    await noticesChanged(trx, 'notice_removed', now);
  });
}

export interface NoticeOverview {
  id: string;
  created_at: string;
  updated_at: string;
  locales: string[];
  title: string;
}

/** Every live notice with the languages it has, newest first, for the operator. */
export async function overviewNotices(db: AppDatabase): Promise<NoticeOverview[]> {
  const rows = await db.kysely
    .selectFrom('notices as n')
    .innerJoin('notice_texts as t', 't.notice_id', 'n.id')
    .select(['n.id', 'n.created_at', 'n.updated_at', 't.locale', 't.title'])
    .where('n.removed_at', 'is', null)
    .orderBy('n.id', 'desc')
    .orderBy('t.locale')
    .execute();
  const byId = new Map<string, NoticeOverview>();
  for (const row of rows) {
    const id = String(row.id);
    const entry = byId.get(id) ?? {
      id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      locales: [],
      title: row.title,
    };
    entry.locales.push(row.locale);
    if (row.locale === FALLBACK_LOCALE) entry.title = row.title;
    byId.set(id, entry);
  }
  return [...byId.values()];
}
