// Operator API for content (home, marquee, notices) and mall orders, under /admin/v1; shared
// by the server (content/adminRoutes.ts) and the admin CLI (admin/commands/content.ts).
import * as v from 'valibot';
import { NOTICE_BODY_MAX_LENGTH, NOTICE_TITLE_MAX_LENGTH } from '../../contract/api/notice.ts';
import { ORDER_COINS, orderSchema } from '../../contract/api/machine.ts';
import { recordIdSchema } from '../../contract/api/withdraw.ts';
import { defineEndpoint } from '../../contract/api/endpoint.ts';

export const adminContentPaths = {
  home: '/admin/v1/content/home',
  marquee: '/admin/v1/content/marquee',
  notices: '/admin/v1/notices',
  noticeAdd: '/admin/v1/notices/add',
  noticeEdit: '/admin/v1/notices/edit',
  noticeRemove: '/admin/v1/notices/remove',
  orderAdd: '/admin/v1/orders/add',
  orderShip: '/admin/v1/orders/ship',
} as const;

/** A LANG code (TW, EN, …) or a locale tag (zh-TW, en). */
const languageSchema = v.pipe(v.string(), v.maxLength(16));

export const homeSetRequestSchema = v.object({ lang: languageSchema, content: v.unknown() });
export const marqueeSetRequestSchema = v.object({ lang: languageSchema, items: v.unknown() });

const noticeText = {
  lang: languageSchema,
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(NOTICE_TITLE_MAX_LENGTH)),
  body: v.pipe(v.string(), v.minLength(1), v.maxLength(NOTICE_BODY_MAX_LENGTH)),
};
export const noticeAddRequestSchema = v.object(noticeText);
export const noticeEditRequestSchema = v.object({ id: recordIdSchema, ...noticeText });
export const noticeRemoveRequestSchema = v.object({ id: recordIdSchema });

export const contentSetDataSchema = v.object({ lang: v.string(), updated_at: v.string() });
export type ContentSetData = v.InferOutput<typeof contentSetDataSchema>;

export const noticeChangeDataSchema = v.object({ id: v.string(), lang: v.nullable(v.string()) });
export type NoticeChangeData = v.InferOutput<typeof noticeChangeDataSchema>;

export const adminNoticesDataSchema = v.object({
  list: v.array(
    v.object({
      id: v.string(),
      title: v.string(),
      locales: v.array(v.string()),
      created_at: v.string(),
      updated_at: v.string(),
    }),
  ),
});
export type AdminNoticesData = v.InferOutput<typeof adminNoticesDataSchema>;

export const orderAddRequestSchema = v.object({
  address: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  product: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  quantity: v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'Expected a whole number from 1')),
  amount: v.pipe(v.string(), v.maxLength(64)),
  coin: v.picklist(ORDER_COINS),
});
export const orderShipRequestSchema = v.object({
  id: recordIdSchema,
  tracking_no: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});
export const adminOrderDataSchema = v.object({ ...orderSchema.entries, user_address: v.string() });
export type AdminOrderData = v.InferOutput<typeof adminOrderDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const adminContentEndpoints = {
  home: defineEndpoint({
    method: 'POST',
    path: adminContentPaths.home,
    auth: 'admin',
    input: homeSetRequestSchema,
    output: contentSetDataSchema,
  }),
  marquee: defineEndpoint({
    method: 'POST',
    path: adminContentPaths.marquee,
    auth: 'admin',
    input: marqueeSetRequestSchema,
    output: contentSetDataSchema,
  }),
  notices: defineEndpoint({
    method: 'GET',
    path: adminContentPaths.notices,
    auth: 'admin',
    output: adminNoticesDataSchema,
  }),
  noticeAdd: defineEndpoint({
    method: 'POST',
    path: adminContentPaths.noticeAdd,
    auth: 'admin',
    input: noticeAddRequestSchema,
    output: noticeChangeDataSchema,
  }),
  noticeEdit: defineEndpoint({
    method: 'POST',
    path: adminContentPaths.noticeEdit,
    auth: 'admin',
    input: noticeEditRequestSchema,
    output: noticeChangeDataSchema,
  }),
  noticeRemove: defineEndpoint({
    method: 'POST',
    path: adminContentPaths.noticeRemove,
    auth: 'admin',
    input: noticeRemoveRequestSchema,
    output: noticeChangeDataSchema,
  }),
  orderAdd: defineEndpoint({
    method: 'POST',
    path: adminContentPaths.orderAdd,
    auth: 'admin',
    input: orderAddRequestSchema,
    output: adminOrderDataSchema,
  }),
  orderShip: defineEndpoint({
    method: 'POST',
    path: adminContentPaths.orderShip,
    auth: 'admin',
    input: orderShipRequestSchema,
    output: adminOrderDataSchema,
  }),
};
