// User centre contract (spec §3 "User info", §7 GET /api/v1/user/info).
import * as v from 'valibot';
import { amountStringSchema, balancesSchema } from './assets.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { defineEndpoint } from './endpoint.ts';

export const userPaths = {
  info: '/api/v1/user/info',
  zhiList: '/api/v1/user/zhiList',
} as const;

export const userInfoSchema = v.object({
  /** The user's own invite code, to share. */
  code: v.string(),
  /** The wallet address, EIP-55 checksummed (the spec calls it `name`). */
  name: v.string(),
  address: v.string(),
  /** Direct referrals. */
  zhi_num: v.number(),
  /** Everyone below the user in the referral tree. */
  team_num: v.number(),
  me_performance: amountStringSchema,
  team_performance: amountStringSchema,
  level: v.number(),
  invite_url: v.string(),
  activated_at: v.nullable(v.string()),
  created_at: v.string(),
  balances: balancesSchema,
});

export type UserInfo = v.InferOutput<typeof userInfoSchema>;

/** GET zhiList: the user's direct referrals, newest first. */
export const zhiListQuerySchema = v.object({ ...pageQueryEntries });

export const referralSchema = v.object({
  address: v.string(),
  /** When they registered with this user's invite code. */
  created_at: v.string(),
  activated_at: v.nullable(v.string()),
  level: v.number(),
  /** Their own personal performance, in JU. */
  performance: amountStringSchema,
  /** Everyone below them. */
  team_num: v.number(),
});
export type Referral = v.InferOutput<typeof referralSchema>;

export const zhiListDataSchema = pagedList(referralSchema);
export type ZhiListData = v.InferOutput<typeof zhiListDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const userEndpoints = {
  info: defineEndpoint({ method: 'GET', path: userPaths.info, output: userInfoSchema }),
  zhiList: defineEndpoint({
    method: 'GET',
    path: userPaths.zhiList,
    input: zhiListQuerySchema,
    output: zhiListDataSchema,
    paged: true,
  }),
};
