// Notices against the real server: the list with unread marks, the detail, and hostile
// HTML in a notice body that must leave no script run and no handler or `javascript:` URL
// in the page (issue 10, spec §2).
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { admin, dangerousMarkup, openFromMenu, printedId } from './support/content.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { ALICE_KEY, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

// Each payload tries to call window.__xss(n) or leave a handler / javascript: URL behind.
const PAYLOADS = [
  '<script>__xss(1)</script>',
  '<img src=x onerror="__xss(2)">',
  '<img src="/icons/icon-192.png" onload="__xss(3)">',
  '<svg onload="__xss(4)"><circle r="1"/></svg>',
  '<svg><script>__xss(5)</script></svg>',
  '<a href="javascript:__xss(6)">link 6</a>',
  '<a href="JaVaScRiPt:__xss(7)">link 7</a>',
  '<a href="&#106;avascript:__xss(8)">link 8</a>',
  '<a href=" javascript:__xss(9)">link 9</a>',
  '<a href="java\tscript:__xss(10)">link 10</a>',
  '<a href="vbscript:__xss(11)">link 11</a>',
  '<a href="data:text/html,<script>__xss(12)</script>">link 12</a>',
  '<iframe src="javascript:__xss(13)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(14)</script>"></iframe>',
  '<object data="javascript:__xss(15)"></object>',
  '<embed src="javascript:__xss(16)">',
  '<form action="javascript:__xss(17)"><button>go 17</button></form>',
  '<input autofocus onfocus="__xss(18)">',
  '<details open ontoggle="__xss(19)"><summary>19</summary></details>',
  '<body onload="__xss(20)">',
  '<div style="background:url(javascript:__xss(21))">21</div>',
  '<style>@import "javascript:__xss(22)"; body{display:none}</style>',
  '<link rel="stylesheet" href="javascript:__xss(23)">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(24)">',
  '<base href="javascript:__xss(25)//">',
  '<math><mtext><table><mglyph><style><img src=x onerror="__xss(26)">',
  '<noscript><p title="</noscript><img src=x onerror=__xss(27)>">',
  '<p onclick="__xss(28)" onmouseover="__xss(28)">28</p>',
  '<video><source onerror="__xss(29)"></video>',
  '<audio src=x onerror="__xss(30)"></audio>',
  '<marquee onstart="__xss(31)">31</marquee>',
  '<template><img src=x onerror="__xss(32)"></template>',
  '<img src="https://evil.example/pixel.png" alt="foreign 33">',
  '<a href="#" id="__proto__" name="cookie">34</a><form id="x"><input name="attributes"></form>',
  '"><img src=x onerror=__xss(35)>',
  '<isindex action="javascript:__xss(36)" type="image">',
];

describe('notices', () => {
  it('lists notices with unread marks; opening one marks it read', async () => {
    await signInAs(app, ALICE_KEY);
    await admin(
      app,
      'notice',
      'add',
      'EN',
      'Network upgrade',
      '<p>The <b>network</b> upgrade is on Monday.</p>',
    );
    await openFromMenu(app, 'Notices', '/notice');
    const items = app.page.getByTestId('notice-item');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(3);
    const upgrade = items.filter({ hasText: 'Network upgrade' });
    expect(await upgrade.getAttribute('data-read')).toBe('false');
    expect(await upgrade.getByRole('img', { name: 'Unread' }).count()).toBe(1);
    await expect.poll(() => upgrade.textContent()).toContain('The network upgrade is on Monday.');
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    await upgrade.click();
    await expect.poll(app.path).toMatch(/^\/notice\/detail\/\d+$/);
    await app.page.getByRole('heading', { name: 'Network upgrade' }).waitFor();
    const body = app.page.getByTestId('notice-body');
    expect(await body.innerHTML()).toBe('<p>The <b>network</b> upgrade is on Monday.</p>');
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    await app.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(app.path).toBe('/notice');
    await expect
      .poll(() => items.filter({ hasText: 'Network upgrade' }).getAttribute('data-read'))
      .toBe('true');
  });

  it(`runs none of ${PAYLOADS.length} XSS payloads and leaves no handler or javascript: URL`, async () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    await signInAs(app, ALICE_KEY);
    const calls: number[] = [];
    await app.page.exposeFunction('__xss', (n: number) => calls.push(n));
    const html = [
      '<p>Before the payloads.</p>',
      '<img src="/icons/icon-192.png" alt="own image">',
      ...PAYLOADS.map((payload) => `<div>${payload}</div>`),
      '<p>After the payloads.</p>',
    ].join('\n');
    const id = printedId(await admin(app, 'notice', 'add', 'EN', 'Hostile notice', html));
    await openFromMenu(app, 'Notices', '/notice');
    await app.page.getByTestId('notice-item').filter({ hasText: 'Hostile notice' }).click();
    await expect.poll(app.path).toBe(`/notice/detail/${id}`);
    const body = app.page.getByTestId('notice-body');
    // Some payloads open raw-text elements that swallow what follows; the start must show.
    await body.getByText('Before the payloads.').waitFor();

    // Give any handler its chance: hover, click and focus everything that is left.
    for (const element of await body.locator('*').all()) {
      await element.hover({ trial: false, force: true, timeout: 500 }).catch(() => undefined);
    }
    for (const link of await body.locator('a').all()) {
      await link.click({ modifiers: ['ControlOrMeta'], timeout: 1000 }).catch(() => undefined);
    }
    await app.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));

    expect(calls).toEqual([]);
    expect(await dangerousMarkup(app.page, '[data-testid="notice-body"]')).toEqual([]);
    const images = await body.locator('img').evaluateAll((nodes) =>
      nodes.map((img) => ({
        origin: new URL(img.getAttribute('src')!, document.baseURI).origin,
        loading: img.getAttribute('loading'),
      })),
    );
    // Images stay only from the app's own origin (the CSP's img-src), loading lazily; the
    // foreign one is gone.
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toEqual({ origin: app.server.url, loading: 'lazy' });
    expect(await body.getByRole('img', { name: 'own image' }).count()).toBe(1);
    expect(await body.getByRole('img', { name: 'foreign 33' }).count()).toBe(0);
    for (const link of await body.locator('a[href]').all()) {
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(/^(https?:|mailto:|#|\/)/);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(app.path()).toBe(`/notice/detail/${id}`);
  });
});
