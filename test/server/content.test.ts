// Home content and the marquee: per language with English as fallback, the neutral demo
// seed in every language, and the operator's `home set` / `marquee set`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPaths, marqueeDataSchema } from '../../contract/api/common.ts';
import { contentPaths, homeDataSchema, type HomeContent } from '../../contract/api/content.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { LOCALES } from '../../contract/i18n/locales.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { admin, adminResult, fileArgument } from './support/content.ts';
import { dataOf } from './support/money.ts';

const home = (server: TestServer, lang?: string) =>
  server.request('GET', contentPaths.home, { headers: lang ? { lang } : {} });
const marquee = (server: TestServer, lang?: string) =>
  server.request('GET', commonPaths.marquee, { headers: lang ? { lang } : {} });

const OPERATOR_HOME: HomeContent = {
  highlights: [{ label: '年化收益', value: '8–15%' }],
  protocol: { title: 'プロトコル', text: '運営者の文章です。' },
  steps: { title: '手順', items: ['一', '二'] },
  news: { title: 'ニュース', items: [{ title: '新しい', text: '本文', date: '2030-01-01' }] },
};

/** 'Transaction hash' (or 'hash') in the ten languages. */
const TRANSACTION_HASH = /hash|雜湊|哈希|ハッシュ|해시|แฮช|băm/i;

describe('home content and marquee', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('a new installation shows sample content in every language, without signing in', async () => {
    const titles = new Set<string>();
    for (const { locale, lang } of LOCALES) {
      const data = dataOf(await home(server, lang), homeDataSchema);
      expect(data.lang).toBe(locale);
      expect(data.content?.steps.items.length).toBeGreaterThan(0);
      // The app hands a payment to the server itself: no step asks the user to.
      expect(data.content?.steps.items.join(' '), locale).not.toMatch(TRANSACTION_HASH);
      expect(data.content?.news.items.length).toBeGreaterThan(0);
      titles.add(data.content!.protocol.title);
      const lines = dataOf(await marquee(server, lang), marqueeDataSchema);
      expect(lines.lang).toBe(locale);
      expect(lines.list.length).toBeGreaterThan(0);
    }
    // Really translated: Chinese may share a title between scripts, the rest may not.
    expect(titles.size).toBeGreaterThanOrEqual(LOCALES.length - 2);
  });

  it('answers in English without a LANG header or with one it does not know', async () => {
    expect(dataOf(await home(server), homeDataSchema).lang).toBe('en');
    expect(dataOf(await marquee(server, 'XX'), marqueeDataSchema).lang).toBe('en');
  });

  it('the operator sets home content per language from a file; others keep theirs', async () => {
    const before = dataOf(await home(server, 'KO'), homeDataSchema);
    const output = await admin(
      server,
      'home',
      'set',
      'JP',
      fileArgument('home.json', JSON.stringify(OPERATOR_HOME)),
    );
    expect(output).toContain('ja');
    const data = dataOf(await home(server, 'JP'), homeDataSchema);
    expect(data.content).toEqual(OPERATOR_HOME);
    expect(data.updated_at).toBe(server.clock.now().toISOString());
    expect(dataOf(await home(server, 'KO'), homeDataSchema)).toEqual(before);
  });

  it('falls back to English when a language has no content', async () => {
    await server.db.kysely.deleteFrom('content_blocks').where('locale', '=', 'vi').execute();
    const english = dataOf(await home(server, 'EN'), homeDataSchema);
    const data = dataOf(await home(server, 'VN'), homeDataSchema);
    expect(data).toEqual(english);
    expect(dataOf(await marquee(server, 'VN'), marqueeDataSchema).lang).toBe('en');
  });

  it('refuses home content of the wrong shape, naming the field, and changes nothing', async () => {
    const before = dataOf(await home(server, 'JP'), homeDataSchema);
    const broken = { ...OPERATOR_HOME, steps: { title: 'x', items: 'not a list' } };
    const answer = await server.admin('POST', '/admin/v1/content/home', {
      lang: 'JP',
      content: broken,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(apiErrors.content_invalid.code);
    expect(answer.body.data.field).toBe('steps.items');
    const cli = await adminResult(server, 'home', 'set', 'JP', '{not json');
    expect(cli.exitCode).toBe(2);
    expect(cli.output).toContain('not valid JSON');
    expect(dataOf(await home(server, 'JP'), homeDataSchema)).toEqual(before);
  });

  it('refuses an unknown language', async () => {
    const result = await adminResult(server, 'marquee', 'set', 'XX', 'hello');
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain(apiErrors.unknown_language.message.message);
  });

  it('sets the marquee one item per line, and an empty text clears it', async () => {
    await admin(server, 'marquee', 'set', 'zh-TW', '第一條\n\n  第二條  \n');
    expect(dataOf(await marquee(server, 'TW'), marqueeDataSchema)).toEqual({
      list: ['第一條', '第二條'],
      lang: 'zh-TW',
    });
    await admin(server, 'marquee', 'set', 'TW', '');
    expect(dataOf(await marquee(server, 'TW'), marqueeDataSchema)).toEqual({
      list: [],
      lang: 'zh-TW',
    });
  });

  it('keeps the content calls public and the operator calls behind the admin token', async () => {
    const answer = await server.request('POST', '/admin/v1/content/marquee', {
      json: { lang: 'EN', items: ['x'] },
    });
    expect(answer.status).toBe(401);
    expect(dataOf(await marquee(server, 'EN'), marqueeDataSchema).list).not.toContain('x');
  });
});
