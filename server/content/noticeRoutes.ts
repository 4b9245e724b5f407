// /api/v1/notice/*: the notice list with read marks, and one notice (which marks it read).
import {
  type NoticeDetail,
  type NoticeListData,
  noticeEndpoints,
} from '../../contract/api/notice.ts';
import { listNotices, openNotice } from './notices.ts';
import { defineRoute } from '../http/route.ts';

export const noticeRoutes = [
  defineRoute({
    endpoint: noticeEndpoints.list,
    handler: ({ context: { db }, user, input, request }): Promise<NoticeListData> =>
      listNotices(db, {
        locale: request.locale,
        userId: user.id,
        page: input.page,
        pageSize: input.page_size,
      }),
  }),
  defineRoute({
    endpoint: noticeEndpoints.detail,
    handler: ({ context: { db, now }, user, input, request }): Promise<NoticeDetail> =>
      openNotice(db, { locale: request.locale, userId: user.id, id: BigInt(input.id), now: now() }),
  }),
];
