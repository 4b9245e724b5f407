// Notices: per language with English as fallback, read marks per user, paging, and the
// operator's `notice add | edit | remove`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  noticeDetailSchema,
  noticeListDataSchema,
  noticePaths,
} from '../../contract/api/notice.ts';
import { MAX_PAGE_SIZE } from '../../contract/api/response.ts';
import { register, startTestServer, testWallet, type TestServer } from './harness.ts';
import { admin, adminResult, fileArgument, printedId } from './support/content.ts';
import { dataOf, expectRefusal } from './support/money.ts';

describe('notices', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  const list = (token: string, lang = 'EN', query = '') =>
    server.request('GET', `${noticePaths.list}${query}`, { token, headers: { lang } });
  const detail = (token: string, id: string, lang = 'EN') =>
    server.request('GET', `${noticePaths.detail}?id=${id}`, { token, headers: { lang } });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await register(server, testWallet('alice'));
    bob = await register(server, testWallet('bob'), alice);
  });
  afterAll(() => server.close());

  it('a new installation has sample notices in every language, all unread', async () => {
    const english = dataOf(await list(alice), noticeListDataSchema);
    expect(english.total).toBeGreaterThanOrEqual(2);
    expect(english.unread).toBe(english.total);
    const thai = dataOf(await list(alice, 'TH'), noticeListDataSchema);
    expect(thai.list.map((n) => n.lang)).toEqual(thai.list.map(() => 'th'));
    expect(thai.list[0]!.title).not.toBe(english.list[0]!.title);
  });

  it('needs a signed-in user', async () => {
    expect((await server.request('GET', noticePaths.list)).status).toBe(401);
  });

  it('publishes from the CLI, newest first; English stands in for a missing language', async () => {
    const body = '<p>Maintenance on <b>Sunday</b> &amp; Monday.</p>';
    const id = printedId(
      await admin(server, 'notice', 'add', 'EN', 'Maintenance', fileArgument('n.html', body)),
    );
    const inJapanese = dataOf(await list(alice, 'JP'), noticeListDataSchema);
    expect(inJapanese.list[0]).toMatchObject({
      id,
      title: 'Maintenance',
      lang: 'en',
      excerpt: 'Maintenance on Sunday & Monday.',
      read: false,
    });
    const opened = dataOf(await detail(alice, id, 'JP'), noticeDetailSchema);
    expect(opened).toMatchObject({ id, title: 'Maintenance', body, lang: 'en' });

    await admin(server, 'notice', 'edit', id, 'JP', 'メンテナンス', '<p>日曜日</p>');
    const translated = dataOf(await detail(alice, id, 'JP'), noticeDetailSchema);
    expect(translated).toMatchObject({ title: 'メンテナンス', body: '<p>日曜日</p>', lang: 'ja' });
    expect(dataOf(await detail(alice, id, 'KO'), noticeDetailSchema).lang).toBe('en');
  });

  it('marks a notice read for the user who opened it only', async () => {
    const before = dataOf(await list(bob), noticeListDataSchema);
    const aliceBefore = dataOf(await list(alice), noticeListDataSchema);
    const unreadByAlice = new Set(aliceBefore.list.filter((n) => !n.read).map((n) => n.id));
    const target = before.list.find((notice) => !notice.read && unreadByAlice.has(notice.id))!;
    dataOf(await detail(bob, target.id), noticeDetailSchema);
    dataOf(await detail(bob, target.id), noticeDetailSchema);
    const after = dataOf(await list(bob), noticeListDataSchema);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.list.find((notice) => notice.id === target.id)!.read).toBe(true);
    const aliceAfter = dataOf(await list(alice), noticeListDataSchema);
    expect(aliceAfter.unread).toBe(aliceBefore.unread);
    expect(aliceAfter.list.find((notice) => notice.id === target.id)!.read).toBe(false);
  });

  it('pages: page_size is capped, a page past the end is empty', async () => {
    const all = dataOf(await list(alice, 'EN', '?page=1&page_size=50'), noticeListDataSchema);
    const firstOne = dataOf(await list(alice, 'EN', '?page=1&page_size=1'), noticeListDataSchema);
    expect(firstOne.list).toHaveLength(1);
    expect(firstOne.total).toBe(all.total);
    expect(firstOne.list[0]!.id).toBe(all.list[0]!.id);
    const past = dataOf(
      await list(alice, 'EN', `?page=${all.total + 1}&page_size=1`),
      noticeListDataSchema,
    );
    expect(past).toMatchObject({ list: [], total: all.total });
    const tooLong = await list(alice, 'EN', `?page_size=${MAX_PAGE_SIZE + 1}`);
    expectRefusal(tooLong, 400, apiErrors.validation.code);
    expect(tooLong.body.data.field).toBe('page_size');
  });

  it('a removed notice disappears and answers like a missing one', async () => {
    const id = printedId(await admin(server, 'notice', 'add', 'EN', 'Short-lived', 'x'));
    await admin(server, 'notice', 'remove', id);
    const ids = dataOf(await list(alice, 'EN', '?page_size=50'), noticeListDataSchema).list.map(
      (notice) => notice.id,
    );
    expect(ids).not.toContain(id);
    const removed = await detail(alice, id);
    const missing = await detail(alice, '999999');
    expectRefusal(removed, 404, apiErrors.notice_not_found.code);
    expect(removed.body).toEqual(missing.body);
    const again = await adminResult(server, 'notice', 'remove', id);
    expect(again.exitCode).toBe(1);
    expect(again.output).toContain(apiErrors.notice_not_found.message.message);
  });

  it('refuses a bad id, an empty title and an unknown language', async () => {
    expectRefusal(await detail(alice, 'abc'), 400, apiErrors.validation.code);
    expect((await adminResult(server, 'notice', 'add', 'EN', '', 'body')).exitCode).toBe(1);
    expect((await adminResult(server, 'notice', 'add', 'XX', 'T', 'body')).exitCode).toBe(1);
    expect((await adminResult(server, 'notice', 'add', 'EN', 'only two')).exitCode).toBe(2);
  });

  it('lists notices for the operator with their languages', async () => {
    const output = await admin(server, 'notice', 'list');
    expect(output).toContain('Maintenance');
    expect(output).toMatch(/en,.*ja/);
  });
});
