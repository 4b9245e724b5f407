import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.ts';
import { HOME_CONTENT_COPY_MS } from '../../server/content/blocks.ts';
import {
  contentPaths,
  homeDataSchema,
  INLINE_HOME_CONTENT_ELEMENT_ID,
  inlineHomeContentSchema,
  type HomeContent,
} from '../../contract/api/content.ts';
import { acceptedLanguages } from '../../server/http/staticApp.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { commonPaths, marqueeDataSchema } from '../../contract/api/common.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { admin, fileArgument } from './support/content.ts';
import { dataOf } from './support/money.ts';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** A GET that leaves the body as it came over the wire (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

// Big enough to be worth compressing, and compressible.
const SCRIPT = `console.log(${JSON.stringify('JU Wallet '.repeat(400))});`;
const MANIFEST = {
  'index.html': { file: 'assets/index-3f2a9c.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-aa11.js' },
  'src/routes/[index].tsx?tsr-split=component': {
    file: 'assets/_index_-bb22.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_home.js'],
  },
  '_home.js': { file: 'assets/home-cc33.js', css: ['assets/home-dd44.css'] },
  'locales/ja/messages.po?part=first': { file: 'assets/messages-ja44.js', isDynamicEntry: true },
  'locales/ja/messages.po?part=rest': { file: 'assets/messages-ja-rest.js', isDynamicEntry: true },
  'locales/zh-TW/messages.po?part=first': {
    file: 'assets/messages-tw55.js',
    isDynamicEntry: true,
  },
};

// The build's first-paint renderer (src/boot/firstPaint.tsx compiled for Node) draws the
// page; test/e2e/content.test.ts checks its markup. Here a stand-in shows what the server hands
// it and what the server does with its answer. Vietnamese fails, as a broken build would.
const RENDERER = `
export async function renderFirstPaint({ locale, data, days }) {
  if (locale === 'vi') throw new Error('no first paint for vi');
  const text = encodeURIComponent(data.content?.protocol.text ?? '');
  return '<div class="app" data-first-paint><p class="painted" data-locale="' + locale +
    '" data-days="' + Object.keys(days).join(' ') + '">' + text + '</p></div>';
}`;

describe('serving the built app', () => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'ju-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      `<!doctype html><html lang="zh-TW"><head><title>JU Wallet</title><script type="module" crossorigin src="/assets/index-3f2a9c.js"></script><link rel="stylesheet" crossorigin href="/assets/index-77aa.css"><meta name="description" content="${'JU '.repeat(500)}"></head><body><div id="root"></div></body></html>`,
    );
    mkdirSync(path.join(distDir, '.vite'));
    writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(path.join(distDir, 'assets', 'app-d4e5f6.js'), SCRIPT);
    writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{}');
    writeFileSync(path.join(distDir, 'config.json'), '{"stale": true}');
    writeFileSync(path.join(distDir, 'assets', 'index-3f2a9c.js'), 'console.log(1)');
    writeFileSync(path.join(distDir, 'assets', 'index-77aa.css'), '.hero{color:teal}');
    writeFileSync(path.join(distDir, 'assets', 'home-dd44.css'), '.marquee{height:40px}');
    mkdirSync(path.join(distDir, '.first-paint'));
    writeFileSync(path.join(distDir, '.first-paint', 'firstPaint.js'), RENDERER);
    precompress(distDir);
    server = await startTestServer({ distDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const answer = await server.request('GET', '/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<title>JU Wallet</title>');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('falls back to index.html for app routes', async () => {
    for (const route of [
      '/index',
      '/wallet/moneyLog',
      '/bank/cardDetail/42',
      '/notice/detail/7?x=1',
    ]) {
      const answer = await server.request('GET', route);
      expect(answer.status, route).toBe(200);
      expect(answer.text).toContain('<title>JU Wallet</title>');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("serves the app page for the app's own routes only, with or without the index slash", async () => {
    for (const route of ['/wallet', '/wallet/', '/mall/orders', '/mall/orders/7', '/notice']) {
      const answer = await server.request('GET', route, { headers: { accept: 'text/html' } });
      expect(answer.status, route).toBe(200);
      expect(answer.text).toContain('<title>JU Wallet</title>');
    }
  });

  it('answers 404 for any other path: the app page to a browser (its not-found screen), JSON to others', async () => {
    for (const route of ['/health', '/status', '/nope', '/wallet/nope', '/notice/detail/7/more']) {
      const browser = await server.request('GET', route, {
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(browser.status, route).toBe(404);
      expect(browser.text).toContain('<title>JU Wallet</title>');
      const probe = await server.request('GET', route);
      expect(probe.status, route).toBe(404);
      expect(probe.headers.get('content-type')).toMatch(/^application\/json/);
      expect(probe.body.code).toBe(404);
    }
    const api = await server.request('GET', '/api/v1/nope', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(404);
  });

  it('never answers the health and metrics paths with the app page', async () => {
    const asBrowser = { headers: { accept: 'text/html' } };
    const health = await server.request('GET', '/healthz', asBrowser);
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await server.request('GET', '/readyz', asBrowser);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    const metrics = await server.request('GET', '/metrics', asBrowser);
    expect(metrics.status).toBe(401);
    expect(metrics.body.code).toBe(apiErrors.admin_unauthorized.code);
  });

  it('caches hashed assets for good and revalidates the service worker', async () => {
    const asset = await server.request('GET', '/assets/index-3f2a9c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await server.request('GET', '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers /config.json from the server, not from a file in dist', async () => {
    const answer = await server.request('GET', '/config.json');
    expect(answer.body.stale).toBeUndefined();
    expect(answer.body.chain.id).toBe(210000);
  });

  it('does not turn missing files or API paths into the app page', async () => {
    expect((await server.request('GET', '/assets/missing.js')).status).toBe(404);
    const api = await server.request('GET', '/api/v1/missing');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(404);
    const post = await server.request('POST', '/wallet');
    expect(post.status).toBe(404);
    expect(post.body.code).toBe(404);
  });

  it('sends the brotli or gzip copy the build wrote, as the browser accepts', async () => {
    const url = `${server.url}/assets/app-d4e5f6.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);
    expect(br.bytes.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(SCRIPT);

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(SCRIPT);
  });

  it('writes the settings and the first chunks into the page, uncached', async () => {
    const page = await rawGet(`${server.url}/wallet`, { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = page.bytes.toString();
    const inline = /<script type="application\/json" id="ju-runtime-config">(.*?)<\/script>/.exec(
      html,
    );
    expect(inline).not.toBeNull();
    expect(JSON.parse(inline![1]!).chain.id).toBe(210000);
    // Home route and its own import, the Japanese catalog; not what the entry already loads.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/_index_-bb22.js">');
    expect(html).toContain('href="/assets/home-cc33.js"');
    expect(html).toContain('href="/assets/messages-ja44.js"');
    expect(html).not.toContain('messages-tw55');
    // The rest of the catalog follows the first render; it is not preloaded.
    expect(html).not.toContain('messages-ja-rest');
    expect(html).not.toContain('shared-aa11');
    expect(html.indexOf('ju-runtime-config')).toBeLessThan(html.indexOf('</head>'));
    // The style sheet travels inside the page: painting waits for no second request.
    expect(html).toContain('<style>.hero{color:teal}</style>');
    expect(html).not.toContain('rel="stylesheet"');

    const fallback = (await rawGet(`${server.url}/`, { 'accept-language': 'fr' })).bytes.toString();
    expect(fallback).toContain('messages-tw55');
  });

  it("paints the home page in the visitor's language before any script", async () => {
    const home = (
      await rawGet(`${server.url}/index`, { 'accept-language': 'ja' })
    ).bytes.toString();
    expect(home).toContain('<html lang="ja">');
    expect(home).toContain(
      '<div id="root"><div class="app" data-first-paint><p class="painted" data-locale="ja"',
    );
    // The build's own files stay private.
    const renderer = await rawGet(`${server.url}/.first-paint/firstPaint.js`);
    expect(renderer.status).toBe(404);
    // Other pages, and the home page with an invite code, are drawn by the app alone.
    for (const url of ['/wallet', '/index?code=ABCD2345']) {
      const page = (
        await rawGet(`${server.url}${url}`, { 'accept-language': 'ja' })
      ).bytes.toString();
      expect(page, url).toContain('<div id="root"></div>');
    }
  });

  it('asks for the painted home page’s scripts once its text is on screen, by a script the CSP allows by hash', async () => {
    const home = await rawGet(`${server.url}/index`, { 'accept-language': 'ja' });
    const html = home.bytes.toString();
    // No script or preload the browser would fetch before the first paint.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const list = /<script type="application\/json" id="ju-app-scripts">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(list![1]!)).toEqual({
      entry: '/assets/index-3f2a9c.js',
      preload: ['/assets/_index_-bb22.js', '/assets/home-cc33.js', '/assets/messages-ja44.js'],
    });
    const inline = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('</main>'));
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSources = /script-src ([^;]*)/.exec(
      String(home.headers['content-security-policy']),
    );
    expect(scriptSources![1]).toBe(`'self' 'sha256-${hash}'`);

    // A page the app draws alone loads its scripts at once, and allows no inline script.
    const other = await rawGet(`${server.url}/wallet`, { 'accept-language': 'ja' });
    expect(other.bytes.toString()).toContain(
      '<script type="module" crossorigin src="/assets/index-3f2a9c.js"></script>',
    );
    expect(other.bytes.toString()).not.toContain('<script>');
    expect(other.headers['content-security-policy']).toContain("script-src 'self';");
  });

  /** The home content the page carries as data for the app, parsed. */
  const inlineContent = (html: string) => {
    const element = new RegExp(
      `<script type="application/json" id="${INLINE_HOME_CONTENT_ELEMENT_ID}">(.*?)</script>`,
    ).exec(html);
    expect(element).not.toBeNull();
    return v.parse(inlineHomeContentSchema, JSON.parse(element![1]!));
  };
  const homePage = async (language: string) =>
    (await rawGet(`${server.url}/index`, { 'accept-language': language })).bytes.toString();

  it('paints the home content the API gives in the visitor’s language, and hands it to the app', async () => {
    for (const [language, lang] of [
      ['ja', 'JP'],
      ['en-US', 'EN'],
      ['zh-TW', 'TW'],
    ] as const) {
      const expected = dataOf(
        await server.request('GET', contentPaths.home, { headers: { lang } }),
        homeDataSchema,
      );
      const html = await homePage(language);
      expect(html, language).toContain(`data-locale="${expected.lang}"`);
      expect(html, language).toContain(
        `">${encodeURIComponent(expected.content!.protocol.text)}</p>`,
      );
      const inline = inlineContent(html);
      expect(inline.locale).toBe(expected.lang);
      expect(inline.data).toEqual(expected);
    }
    // The home screen's own style sheet comes with its first paint.
    const japanese = await homePage('ja');
    expect(japanese).toContain('<style>.marquee{height:40px}</style>');
    // Other pages carry neither.
    const other = (await rawGet(`${server.url}/wallet`, { 'accept-language': 'ja' })).bytes;
    expect(other.toString()).not.toContain(INLINE_HOME_CONTENT_ELEMENT_ID);
    expect(other.toString()).not.toContain('.marquee{height:40px}');
  });

  it('escapes operator content for the markup and for the inline data, and shows a change at once', async () => {
    const hostile = 'Close </script><!-- & "quoted" \'single\' <b>bold</b>\u2028next';
    const content: HomeContent = {
      highlights: [{ label: '<i>yield</i>', value: '8–15%' }],
      protocol: { title: 'Protocol </script>', text: hostile },
      steps: { title: 'Steps', items: ['<img src=x onerror=alert(1)>'] },
      news: { title: 'News', items: [{ title: 'One', text: 'Body', date: '2030-01-31' }] },
    };
    await homePage('ko'); // a copy of the old content is now kept for Korean
    await admin(server, 'home', 'set', 'KO', fileArgument('home.json', JSON.stringify(content)));
    const html = await homePage('ko');
    // The renderer gets the text as written (it escapes it: test/e2e/content.test.ts).
    expect(html).toContain(`data-days="2030-01-31">${encodeURIComponent(hostile)}</p>`);
    // Only the page's own elements close a script; no comment opens.
    expect(html.match(/<\/script/g)?.length).toBe(html.match(/<script/g)?.length);
    expect(html).not.toContain('<!--');
    // In the data, the line separator travels escaped.
    const data = html.slice(html.indexOf(INLINE_HOME_CONTENT_ELEMENT_ID));
    expect(data.slice(0, data.indexOf('</script>'))).not.toContain('\u2028');
    expect(data).toContain('\\u2028next');
    const inline = inlineContent(html);
    expect(inline.locale).toBe('ko');
    expect(inline.data.content).toEqual(content);
    // The date in words, as the app writes it (Lingui's i18n.date with the same options): the
    // painted page and the app show the same words.
    const date = new Intl.DateTimeFormat(['ko', 'en'], { dateStyle: 'medium', timeZone: 'UTC' });
    expect(inline.days).toEqual({ '2030-01-31': date.format(new Date('2030-01-31T00:00:00Z')) });
  });

  it('carries the marquee in the visitor’s language, so the first screen makes no call, and shows a change at once', async () => {
    await homePage('vi'); // a copy of the old marquee is now kept for Vietnamese
    await admin(server, 'marquee', 'set', 'VN', 'Tin một\nTin hai');
    const expected = dataOf(
      await server.request('GET', commonPaths.marquee, { headers: { lang: 'VN' } }),
      marqueeDataSchema,
    );
    expect(expected.list).toEqual(['Tin một', 'Tin hai']);
    expect(inlineContent(await homePage('vi')).marquee).toEqual(expected);
  });

  it('keeps one copy of the home content a few seconds, for writes by another server process', async () => {
    const protocolOf = (html: string) => inlineContent(html).data.content?.protocol.text;
    const before = protocolOf(await homePage('th'));
    // Another process sharing the database changes the Thai content behind this one's back.
    const row = await server.db.kysely
      .selectFrom('content_blocks')
      .select('body')
      .where('kind', '=', 'home')
      .where('locale', '=', 'th')
      .executeTakeFirstOrThrow();
    const body = JSON.parse(row.body) as HomeContent;
    body.protocol.text = 'Changed elsewhere';
    await server.db.kysely
      .updateTable('content_blocks')
      .set({ body: JSON.stringify(body) })
      .where('kind', '=', 'home')
      .where('locale', '=', 'th')
      .execute();
    server.clock.advance(HOME_CONTENT_COPY_MS - 1);
    expect(protocolOf(await homePage('th'))).toBe(before);
    server.clock.advance(1);
    expect(protocolOf(await homePage('th'))).toBe('Changed elsewhere');
  });

  it('sends the page unpainted, its scripts at once, when the first paint fails', async () => {
    const page = await rawGet(`${server.url}/index`, { 'accept-language': 'vi' });
    const html = page.bytes.toString();
    expect(page.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-3f2a9c.js">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    // The content still comes with the page, as data for the app.
    expect(inlineContent(html).locale).toBe('vi');
  });

  it('compresses answers above a small size and leaves tiny ones alone', async () => {
    const config = await rawGet(`${server.url}/config.json`, { 'accept-encoding': 'br, gzip' });
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.headers['content-encoding']).toBeUndefined();
    const page = await rawGet(`${server.url}/index`, { 'accept-encoding': 'gzip' });
    const html = gunzipSync(page.bytes).toString();
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(html).toContain('<title>JU Wallet</title>');
  });

  it('reads Accept-Language in order of preference', () => {
    expect(acceptedLanguages('ms;q=0.5, ja-JP, en;q=0.8, *;q=0.1')).toEqual(['ja-JP', 'en', 'ms']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('de;q=0')).toEqual([]);
  });
});
