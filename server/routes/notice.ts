// /api/v1/notice/*: the notice list with read marks, and one notice (which marks it read).
import {
  noticeDetailQuerySchema,
  noticeListQuerySchema,
  noticePaths,
  type NoticeDetail,
  type NoticeListData,
} from '../../src/api/notice.ts';
import { listNotices, openNotice } from '../content/notices.ts';
import { defineRoute } from '../http/route.ts';

export const noticeRoutes = [
  defineRoute({
    method: 'GET',
    path: noticePaths.list,
    auth: 'user',
    input: noticeListQuerySchema,
    handler: ({ context: { db }, user, input, request }): Promise<NoticeListData> =>
      listNotices(db, {
        locale: request.locale,
        userId: user.id,
        page: input.page,
        pageSize: input.page_size,
      }),
  }),
  defineRoute({
    method: 'GET',
    path: noticePaths.detail,
    auth: 'user',
    input: noticeDetailQuerySchema,
    handler: ({ context: { db, now }, user, input, request }): Promise<NoticeDetail> =>
      openNotice(db, { locale: request.locale, userId: user.id, id: BigInt(input.id), now: now() }),
  }),
];
