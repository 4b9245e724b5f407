// /admin/v1/content, /notices, /orders: the operator writes home content, the marquee and
// notices per language, and records and ships mall orders (see docs/operations.md).
import * as v from 'valibot';
import {
  type AdminNoticesData,
  type AdminOrderData,
  type ContentSetData,
  type NoticeChangeData,
  adminContentEndpoints,
} from '../admin/contractContent.ts';
import { marqueeItemsSchema, setHomeContent, setMarquee } from './blocks.ts';
import { parseLanguage } from './locales.ts';
import { addNotice, editNotice, overviewNotices, removeNotice } from './notices.ts';
import { DomainError } from '../domainError.ts';
import { parseAddress, parsePositiveAmount } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';
import { addOrder, shipOrder } from '../mall/orders.ts';
import { findUserByAddress } from '../users/users.ts';

export const adminContentRoutes = [
  defineRoute({
    endpoint: adminContentEndpoints.home,
    async handler({ context: { db, now }, input }): Promise<ContentSetData> {
      const locale = parseLanguage(input.lang);
      const at = now();
      await setHomeContent(db, locale, input.content, at);
      return { lang: locale, updated_at: at.toISOString() };
    },
  }),
  defineRoute({
    endpoint: adminContentEndpoints.marquee,
    async handler({ context: { db, now }, input }): Promise<ContentSetData> {
      const locale = parseLanguage(input.lang);
      const items = v.safeParse(marqueeItemsSchema, input.items);
      if (!items.success) {
        const field = `items${v.getDotPath(items.issues[0]) ? `.${v.getDotPath(items.issues[0])}` : ''}`;
        throw new DomainError('content_invalid', { values: { field }, data: { field } });
      }
      const at = now();
      await setMarquee(db, locale, items.output, at);
      return { lang: locale, updated_at: at.toISOString() };
    },
  }),
  defineRoute({
    endpoint: adminContentEndpoints.notices,
    async handler({ context: { db } }): Promise<AdminNoticesData> {
      return { list: await overviewNotices(db) };
    },
  }),
  defineRoute({
    endpoint: adminContentEndpoints.noticeAdd,
    async handler({ context: { db, now }, input }): Promise<NoticeChangeData> {
      const locale = parseLanguage(input.lang);
      const id = await addNotice(db, { locale, title: input.title, body: input.body, now: now() });
      return { id: String(id), lang: locale };
    },
  }),
  defineRoute({
    endpoint: adminContentEndpoints.noticeEdit,
    async handler({ context: { db, now }, input }): Promise<NoticeChangeData> {
      const locale = parseLanguage(input.lang);
      await editNotice(db, {
        id: BigInt(input.id),
        locale,
        title: input.title,
        body: input.body,
        now: now(),
      });
      return { id: input.id, lang: locale };
    },
  }),
  defineRoute({
    endpoint: adminContentEndpoints.noticeRemove,
    async handler({ context: { db, now }, input }): Promise<NoticeChangeData> {
      await removeNotice(db, BigInt(input.id), now());
      return { id: input.id, lang: null };
    },
  }),
  defineRoute({
    endpoint: adminContentEndpoints.orderAdd,
    async handler({ context: { db, now }, input }): Promise<AdminOrderData> {
      const address = parseAddress(input.address);
      const user = await findUserByAddress(db, address);
      if (!user) throw new DomainError('user_not_found', { data: { field: 'address' } });
      const units = parsePositiveAmount(input.amount, input.coin);
      const order = await addOrder(db, {
        userId: user.id,
        product: input.product,
        quantity: Number(input.quantity),
        coin: input.coin,
        units,
        now: now(),
      });
      return { ...order, user_address: user.address };
    },
  }),
  defineRoute({
    endpoint: adminContentEndpoints.orderShip,
    async handler({ context: { db, now }, input }): Promise<AdminOrderData> {
      const order = await shipOrder(db, {
        id: BigInt(input.id),
        trackingNo: input.tracking_no || null,
        now: now(),
      });
      const owner = await db.kysely
        .selectFrom('mall_orders')
        .innerJoin('users', 'users.id', 'mall_orders.user_id')
        .select('users.address')
        .where('mall_orders.id', '=', BigInt(order.id))
        .executeTakeFirstOrThrow();
      return { ...order, user_address: owner.address };
    },
  }),
];
