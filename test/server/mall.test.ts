// Mall orders: list by status (all = no filter), paging, detail, confirming receipt only by
// the owner, only from shipped, once; the operator's `order add | ship`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  machinePaths,
  orderListDataSchema,
  orderSchema,
  type OrderStatus,
} from '../../contract/api/machine.ts';
import { MAX_PAGE_SIZE } from '../../contract/api/response.ts';
import { register, startTestServer, testWallet, type TestServer } from './harness.ts';
import { admin, adminResult, printedId } from './support/content.ts';
import { dataOf, expectRefusal } from './support/money.ts';

describe('mall orders', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  const aliceWallet = testWallet('alice');
  const ids: Record<OrderStatus, string[]> = { pending: [], shipped: [], received: [] };

  const orders = (token: string, query = '') =>
    server.request('GET', `${machinePaths.orderList}${query}`, { token });
  const detail = (token: string, id: string) =>
    server.request('GET', `${machinePaths.orderDetail}?id=${id}`, { token });
  const receipt = (token: string, id: unknown) =>
    server.request('POST', machinePaths.receipt, { token, json: { id } });
  const addOrder = async (product: string) =>
    printedId(
      await admin(server, 'order', 'add', aliceWallet.address, product, '2', '12.5', 'usdt'),
    );

  beforeAll(async () => {
    server = await startTestServer();
    alice = await register(server, aliceWallet);
    bob = await register(server, testWallet('bob'), alice);
    for (let index = 0; index < 12; index++) {
      const id = await addOrder(`Product ${index}`);
      if (index % 3 === 0) ids.pending.push(id);
      else {
        await admin(server, 'order', 'ship', id, `TRACK-${index}`);
        ids.shipped.push(id);
      }
    }
  });
  afterAll(() => server.close());

  it('lists the user’s own orders newest first; no status or "all" means no filter', async () => {
    const all = dataOf(await orders(alice, '?page_size=50'), orderListDataSchema);
    expect(all.total).toBe(12);
    expect(all.list.map((order) => order.id)).toEqual(
      [...ids.pending, ...ids.shipped].sort((a, b) => Number(b) - Number(a)),
    );
    expect(dataOf(await orders(alice, '?status=all&page_size=50'), orderListDataSchema)).toEqual(
      all,
    );
    expect(all.list[0]).toMatchObject({ quantity: 2, amount: '12.5', coin: 'USDT' });
    expect(dataOf(await orders(bob), orderListDataSchema)).toEqual({ list: [], total: 0 });
  });

  it('filters by status', async () => {
    const shipped = dataOf(
      await orders(alice, '?status=shipped&page_size=50'),
      orderListDataSchema,
    );
    expect(shipped.total).toBe(ids.shipped.length);
    expect(shipped.list.every((order) => order.status === 'shipped' && order.tracking_no)).toBe(
      true,
    );
    const pending = dataOf(await orders(alice, '?status=pending'), orderListDataSchema);
    expect(pending.list.map((order) => order.id).sort()).toEqual([...ids.pending].sort());
    expectRefusal(await orders(alice, '?status=lost'), 400, apiErrors.validation.code);
  });

  it('pages by 10, caps page_size, and answers a page past the end with an empty list', async () => {
    const first = dataOf(await orders(alice, '?page=1&page_size=10'), orderListDataSchema);
    const second = dataOf(await orders(alice, '?page=2&page_size=10'), orderListDataSchema);
    expect(first.list).toHaveLength(10);
    expect(second.list).toHaveLength(2);
    expect(new Set([...first.list, ...second.list].map((order) => order.id)).size).toBe(12);
    expect(dataOf(await orders(alice, '?page=3&page_size=10'), orderListDataSchema)).toEqual({
      list: [],
      total: 12,
    });
    expectRefusal(
      await orders(alice, `?page_size=${MAX_PAGE_SIZE + 1}`),
      400,
      apiErrors.validation.code,
    );
  });

  it('shows one order to its owner; another user’s id answers exactly like a missing one', async () => {
    const id = ids.shipped[0]!;
    expect(dataOf(await detail(alice, id), orderSchema)).toMatchObject({ id, status: 'shipped' });
    const foreign = await detail(bob, id);
    const missing = await detail(bob, '987654321');
    expectRefusal(foreign, 404, apiErrors.order_not_found.code);
    expect(foreign.body).toEqual(missing.body);
    const foreignReceipt = await receipt(bob, id);
    expect(foreignReceipt.status).toBe(404);
    expect(foreignReceipt.body).toEqual((await receipt(bob, '987654321')).body);
    expect(dataOf(await detail(alice, id), orderSchema).status).toBe('shipped');
  });

  it('confirms receipt of a shipped order once; a second call is a clear error', async () => {
    const id = ids.shipped[1]!;
    const confirmed = dataOf(await receipt(alice, id), orderSchema);
    expect(confirmed).toMatchObject({ id, status: 'received' });
    expect(confirmed.received_at).toBe(server.clock.now().toISOString());
    const again = await receipt(alice, id);
    expectRefusal(again, 409, apiErrors.order_already_received.code);
    expect(again.body.message).toBe(apiErrors.order_already_received.message.message);
    const received = dataOf(await orders(alice, '?status=received'), orderListDataSchema);
    expect(received.list.map((order) => order.id)).toEqual([id]);
  });

  it('refuses receipt of an order not shipped yet, and a bad id', async () => {
    const id = ids.pending[0]!;
    expectRefusal(await receipt(alice, id), 409, apiErrors.order_not_shipped.code);
    expect(dataOf(await detail(alice, id), orderSchema).status).toBe('pending');
    expectRefusal(await receipt(alice, 'x'), 400, apiErrors.validation.code);
    expectRefusal(await receipt(alice, 5), 400, apiErrors.validation.code);
  });

  it('settles concurrent confirmations on exactly one success', async () => {
    const id = ids.shipped[2]!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => receipt(alice, id)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
  });

  it('the operator cannot ship twice, nor add an order for an unknown user or bad amount', async () => {
    const shipAgain = await adminResult(server, 'order', 'ship', ids.shipped[3]!);
    expect(shipAgain.exitCode).toBe(1);
    expect(shipAgain.output).toContain(apiErrors.order_not_pending.message.message);
    const stranger = testWallet('stranger').address;
    const unknown = await adminResult(server, 'order', 'add', stranger, 'P', '1', '1', 'JU');
    expect(unknown.output).toContain(apiErrors.user_not_found.message.message);
    const bad = await adminResult(
      server,
      'order',
      'add',
      aliceWallet.address,
      'P',
      '1',
      '-1',
      'JU',
    );
    expect(bad.exitCode).toBe(1);
    expect(dataOf(await orders(alice), orderListDataSchema).total).toBe(12);
  });
});
