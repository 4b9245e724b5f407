// Table types for operator content (home, marquee, notices), mall orders and performance.
import type { Generated, Selectable } from 'kysely';

/** One block of operator content per kind and language, e.g. ('home', 'ja'). */
export interface ContentBlocksTable {
  kind: string;
  /** A locale tag of contract/i18n/locales.ts ('zh-TW', 'en', …). */
  locale: string;
  /** JSON: the home content, or the marquee's list of lines. */
  body: string;
  updated_at: string;
}

export interface NoticesTable {
  id: Generated<bigint>;
  created_at: string;
  updated_at: string;
  /** Set when the operator removes it; users no longer see it. */
  removed_at: string | null;
}

/** A notice's title and HTML body in one language. */
export interface NoticeTextsTable {
  notice_id: bigint;
  locale: string;
  title: string;
  body: string;
  updated_at: string;
}

export interface NoticeReadsTable {
  user_id: bigint;
  notice_id: bigint;
  read_at: string;
}

export type MallOrderStatus = 'pending' | 'shipped' | 'received';

export interface MallOrdersTable {
  id: Generated<bigint>;
  user_id: bigint;
  product: string;
  quantity: bigint;
  coin: string;
  /** Units of `coin` (see contract/api/assets.ts). Record only: no money moves with an order. */
  amount: bigint;
  status: MallOrderStatus;
  tracking_no: string | null;
  created_at: string;
  shipped_at: string | null;
  received_at: string | null;
}

/** One purchase counted towards a user's personal performance (JU units). */
export interface PerformanceEntriesTable {
  id: Generated<bigint>;
  user_id: bigint;
  units: bigint;
  /** What was bought, e.g. 'ticket', 'node'. */
  source: string;
  /** The purchase's own id (e.g. a transaction hash); counted once. */
  reference: string;
  created_at: string;
}

export type MallOrderRow = Selectable<MallOrdersTable>;
