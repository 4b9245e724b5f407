// The operator API under /admin/v1, shared by the server and the admin CLI. It is not part
// of the app's contract (src/api): only operators holding the admin token use it.
import * as v from 'valibot';
import { balancesSchema } from '../../src/api/assets.ts';
import { pagedList } from '../../src/api/response.ts';

export const adminPaths = {
  users: '/admin/v1/users',
  credit: '/admin/v1/credit',
} as const;

const pageNumber = (fallback: string, max: number) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d{1,9}$/, 'Expected a whole number'),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(max),
  );

export const adminUsersQuerySchema = v.object({
  page: pageNumber('1', 1_000_000_000),
  page_size: pageNumber('100', 1000),
});

export const adminUserSchema = v.object({
  id: v.string(),
  address: v.string(),
  invite_code: v.string(),
  referrer_address: v.nullable(v.string()),
  created_at: v.string(),
  balances: balancesSchema,
});
export type AdminUser = v.InferOutput<typeof adminUserSchema>;

export const adminUsersDataSchema = pagedList(adminUserSchema);
export type AdminUsersData = v.InferOutput<typeof adminUsersDataSchema>;

export const creditRequestSchema = v.object({
  address: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  asset: v.pipe(v.string(), v.maxLength(16)),
  amount: v.pipe(v.string(), v.maxLength(64)),
  /** Retrying with the same key and body repeats nothing; printable ASCII, no spaces. */
  idempotency_key: v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.regex(/^[\x21-\x7e]+$/)),
});
export type CreditRequest = v.InferInput<typeof creditRequestSchema>;

export const creditDataSchema = v.object({
  transfer_id: v.string(),
  idempotency_key: v.string(),
  address: v.string(),
  asset: v.string(),
  amount: v.string(),
  /** The user's balance of `asset` right after this credit. */
  balance_after: v.string(),
  created_at: v.string(),
});
export type CreditData = v.InferOutput<typeof creditDataSchema>;
