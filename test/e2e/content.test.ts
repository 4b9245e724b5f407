// The home page's operator content against the real server: marquee and project
// information in the reader's language (English as fallback), visible signed out, with no
// layout shift when it arrives (issue 10, spec §1).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { admin } from './support/content.ts';
import { seriousAxeViolations } from './support/layout.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

/** Sum of layout shifts the page saw since it started (CLS without session windows). */
async function layoutShift(): Promise<number> {
  return app.page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

/** The built file of the HTTP library (ky), which a visitor of the home page never needs. */
function httpLibraryFile(): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = Object.entries(manifest).find(([key]) => key.includes('node_modules/ky/'));
  if (!entry) throw new Error('ky is not in the build manifest');
  return entry[1].file;
}

describe('home content', () => {
  it('shows the marquee and project information signed out, in English by default', async () => {
    const scripts: string[] = [];
    app.page.on('request', (request) => scripts.push(request.url()));
    await app.page.goto(`${app.server.url}/index`);
    const content = app.page.getByTestId('home-content');
    await content.waitFor();
    await content.getByRole('heading', { name: 'About the protocol' }).waitFor();
    await content.getByRole('heading', { name: 'How to buy a ticket' }).waitFor();
    await content.getByRole('heading', { name: 'Ecosystem news' }).waitFor();
    expect(await content.locator('ol li').count()).toBe(4);
    const marquee = app.page.getByRole('region', { name: 'Announcements' });
    await expect.poll(() => marquee.textContent()).toContain('Welcome to JU Wallet.');
    expect(await layoutShift()).toBeLessThanOrEqual(0.02);
    expect(await seriousAxeViolations(app.page)).toEqual([]);
    // The content and the marquee came with the page: the first screen made no call (with the
    // envelope on, a call would load and run its cryptography), nor loaded the HTTP library.
    expect(scripts.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    expect(scripts.some((url) => url.endsWith(httpLibraryFile()))).toBe(false);
  });

  it('comes with the page: painted before the app starts, kept as is after, never fetched', async () => {
    const contentRequests = () => callsOf(app.page).sentTo('/api/v1/content/home');
    // Hold the app's entry script until the page as the server sent it has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await app.page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Counts page transitions: taking over the painted page must not fade it out and in.
    await app.page.addInitScript(() => {
      const start = document.startViewTransition.bind(document);
      const counted = window as unknown as { pageTransitions: number };
      counted.pageTransitions = 0;
      document.startViewTransition = (update) => {
        counted.pageTransitions += 1;
        return start(update);
      };
    });
    await app.page.goto(`${app.server.url}/index`, { waitUntil: 'commit' });
    const paragraph = app.page.locator('.home-content > section.card > p.home-text').first();
    await paragraph.waitFor();
    const snapshot = () =>
      app.page.evaluate(() => {
        const content = document.querySelector('.home-content')!;
        const text = content.querySelector('p.home-text')!.getBoundingClientRect();
        return {
          content: content.outerHTML,
          hero: document.querySelector('.hero')!.textContent,
          services: document.querySelector('.quick-links')!.textContent,
          box: [text.x, text.y, text.width, text.height],
        };
      });
    const marqueeLines = () => app.page.locator('.marquee-track li').count();
    const painted = await snapshot();
    expect(painted.content).toContain('About the protocol');
    // The marquee came with the page too, painted before the app has run.
    const marquee = app.page.getByRole('region', { name: 'Announcements' });
    expect(await marquee.textContent()).toContain('Welcome to JU Wallet.');
    const paintedLines = await marqueeLines();
    expect(paintedLines).toBeGreaterThan(0);

    release();
    await app.page.locator('[data-first-paint]').waitFor({ state: 'detached' });
    expect(await marqueeLines()).toBe(paintedLines);
    const rendered = await snapshot();
    // The app draws exactly the markup the server wrote, in the same place.
    expect(rendered).toEqual(painted);
    expect(await layoutShift()).toBeLessThanOrEqual(0.02);
    expect(await contentRequests()).toEqual([]);
    expect(
      await app.page.evaluate(
        () => (window as unknown as { pageTransitions: number }).pageTransitions,
      ),
    ).toBe(0);
    // Moving between pages still slides.
    await app.page.getByRole('link', { name: 'Notices' }).first().click();
    await expect
      .poll(() =>
        app.page.evaluate(() => (window as unknown as { pageTransitions: number }).pageTransitions),
      )
      .toBeGreaterThan(0);
  });

  it('speaks the reader’s language, and the operator’s figures are content', async () => {
    await admin(
      app,
      'home',
      'set',
      'JP',
      JSON.stringify({
        highlights: [
          { label: '年利回り', value: '8–15%' },
          { label: '加盟店', value: '5000万' },
        ],
        protocol: { title: 'プロトコル概要', text: '運営者が書いた説明です。' },
        steps: { title: '購入手順', items: ['ウォレットを接続', '支払う'] },
        news: { title: 'ニュース', items: [{ title: '新機能', text: '本文', date: '2030-02-01' }] },
      }),
    );
    await admin(app, 'marquee', 'set', 'JP', '日本語のお知らせ\n二行目');
    await app.freshContext({ locale: 'ja-JP', serviceWorkers: 'block' });
    await app.page.goto(`${app.server.url}/index`);
    const content = app.page.getByTestId('home-content');
    await content.getByRole('heading', { name: 'プロトコル概要' }).waitFor();
    await expect.poll(() => content.textContent()).toContain('8–15%');
    await expect.poll(() => content.textContent()).toContain('5000万');
    expect(await content.getAttribute('lang')).toBe('ja');
    const marquee = app.page.getByRole('region', { name: 'お知らせ' });
    await expect.poll(() => marquee.textContent()).toContain('日本語のお知らせ');
    expect(await layoutShift()).toBeLessThanOrEqual(0.02);

    // Switching language refetches: Korean has its own sample text.
    await app.page.locator('.language-button').click();
    await app.page.getByRole('dialog').getByText('한국어').click();
    await content.getByRole('heading', { name: '프로토콜 소개' }).waitFor();
  });

  it('is painted by the app’s own components, in the visitor’s language, operator text escaped', async () => {
    const hostile = 'Close </script><!-- & "quoted" <b>bold</b>';
    await admin(
      app,
      'home',
      'set',
      'KO',
      JSON.stringify({
        highlights: [{ label: '<i>yield</i>', value: '8–15%' }],
        protocol: { title: 'Protocol', text: hostile },
        steps: { title: 'Steps', items: ['<img src=x onerror=alert(1)>'] },
        news: { title: 'News', items: [{ title: 'One', text: 'Body', date: '2030-01-31' }] },
      }),
    );
    const page = await fetch(`${app.server.url}/index`, { headers: { 'accept-language': 'ko' } });
    const html = await page.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</main>'));
    // The sign-in card and the services, in Korean, as the app draws them.
    expect(root).toContain('<h1 class="app-title">홈</h1>');
    expect(root).toContain('class="button button-primary button-block"');
    expect(root).toContain('<span class="nav-label">지갑</span>');
    // Operator text is text: nothing in it opens an element or a comment.
    expect(root).toContain(
      'Close &lt;/script&gt;&lt;!-- &amp; &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(root).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(root).not.toContain('<img');
    expect(root).not.toContain('<b>');
    // The news date in the words the app would write.
    const day = new Intl.DateTimeFormat(['ko', 'en'], { dateStyle: 'medium', timeZone: 'UTC' });
    // (Attribute names are case-blind in HTML; React writes this one `dateTime`.)
    expect(root.toLowerCase()).toContain(
      `<time datetime="2030-01-31">${day.format(new Date('2030-01-31T00:00:00Z'))}</time>`,
    );
  });

  it('keeps the marquee bar in place when the operator empties it', async () => {
    await admin(app, 'marquee', 'set', 'TH', '');
    await app.freshContext({ locale: 'th-TH', serviceWorkers: 'block' });
    await app.page.goto(`${app.server.url}/index`);
    // Measured once the app has replaced the painted page and drawn the empty marquee, which
    // came with the page: no call asked for it.
    await app.page.locator('[data-first-paint]').waitFor({ state: 'detached' });
    const bar = app.page.getByTestId('marquee');
    await expect.poll(async () => (await bar.boundingBox())?.height ?? 0).toBeGreaterThan(30);
    expect(await bar.locator('li').count()).toBe(0);
    expect(await callsOf(app.page).sentTo('/api/v1/common/marquee')).toEqual([]);
  });
});
