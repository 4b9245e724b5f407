// Notices (spec §2 /notice, /notice/detail/{id}): operator announcements per language with
// English as fallback, and whether this user has opened each one. The body is HTML written
// by the operator; the app sanitises it before showing it.
import * as v from 'valibot';
import { pagedList, pageQueryEntries } from './response.ts';
import { recordIdSchema } from './withdraw.ts';
import { defineEndpoint } from './endpoint.ts';

export const noticePaths = {
  list: '/api/v1/notice/list',
  detail: '/api/v1/notice/detail',
} as const;

export const NOTICE_TITLE_MAX_LENGTH = 200;
export const NOTICE_BODY_MAX_LENGTH = 100_000;

export const noticeSummarySchema = v.object({
  id: v.string(),
  title: v.string(),
  /** The body as plain text, cut short, for the list. */
  excerpt: v.string(),
  lang: v.string(),
  created_at: v.string(),
  read: v.boolean(),
});
export type NoticeSummary = v.InferOutput<typeof noticeSummarySchema>;

export const noticeListQuerySchema = v.object({ ...pageQueryEntries });
export const noticeListDataSchema = v.object({
  ...pagedList(noticeSummarySchema).entries,
  /** Notices this user has not opened yet, over the whole list. */
  unread: v.number(),
});
export type NoticeListData = v.InferOutput<typeof noticeListDataSchema>;

export const noticeDetailQuerySchema = v.object({ id: recordIdSchema });
export const noticeDetailSchema = v.object({
  id: v.string(),
  title: v.string(),
  /** Operator HTML: sanitise before use. */
  body: v.string(),
  lang: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type NoticeDetail = v.InferOutput<typeof noticeDetailSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const noticeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: noticePaths.list,
    input: noticeListQuerySchema,
    output: noticeListDataSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: noticePaths.detail,
    input: noticeDetailQuerySchema,
    output: noticeDetailSchema,
  }),
};
