// `npm run perf:offline`: a repeat visit with the network off, in the system Chromium against
// the real server serving the built app. A report, never a test: it prints, it does not fail.
// It prints, for a phone-sized page at full speed and with the CPU slowed 4× (a mid-range phone):
//   - first contentful paint of the home page opened from the service worker with the network
//     off (Performance API), and when its sign-in card shows;
//   - a kept list (the money log) reopened offline: until its rows show;
// and whether Chromium finds the app installable (DevTools' Page.getInstallabilityErrors).
// Lighthouse 12 and later have no PWA audits, hence the protocol call.
// Build first (`npm run build`).
import type { Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchProfileBrowser } from '../test/e2e/support/browser.ts';
import { APP_CHAIN_ID, startAppServer } from '../test/e2e/support/appServer.ts';
import { deviceStorageText } from '../test/e2e/support/deviceStorage.ts';
import { installTestWallet } from '../test/e2e/support/testWallet.ts';

// One of the local chain's well-known test accounts.
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const RATES = [1, 4];
const RUNS = 3;

const server = await startAppServer({ env: { INVITE_REQUIRED: 'false' } });
const profile = mkdtempSync(join(tmpdir(), 'ju-offline-visit-'));

/** Paint timings of the page as loaded, from the Performance API. */
function paintTimings(page: Page) {
  return page.evaluate(async () => {
    const fcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list, observer) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (!entry) return;
        observer.disconnect();
        resolve(entry.startTime);
      }).observe({ type: 'paint', buffered: true });
    });
    return { fcp };
  });
}

/** ms from the start of the navigation until `shown` resolves. */
async function shownAt(page: Page, shown: Promise<unknown>) {
  await shown;
  return page.evaluate(() => performance.now());
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const context = await launchProfileBrowser(profile, {
  viewport: { width: 360, height: 740 },
  locale: 'en-US',
  serviceWorkers: 'allow',
});
const page = context.pages()[0] ?? (await context.newPage());
await installTestWallet(page, {
  privateKey: KEY,
  chainId: APP_CHAIN_ID,
  knownChains: [APP_CHAIN_ID],
  rpcUrl: server.chain.rpcUrl,
});
await page.goto(`${server.url}/`);
await page.evaluate(async () => {
  await navigator.serviceWorker.ready;
});
const cdp = await context.newCDPSession(page);
const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
  installabilityErrors: { errorId: string }[];
};

// Signed in once, with a money log to keep.
await page.getByRole('button', { name: 'Connect wallet' }).first().click();
await page.getByTestId('signed-in').waitFor();
const address = await page.evaluate(() => localStorage.getItem('ju.lastAddress'));
for (let i = 0; i < 30; i++)
  await server.operator.credit(JSON.parse(address!) as string, 'USDT', '1');
await page.goto(`${server.url}/index`);
await page.getByRole('button', { name: /^Sign in again as/ }).click();
await page.getByTestId('signed-in').waitFor();
await page.evaluate(() => {
  window.history.pushState({}, '', '/wallet/moneyLog');
  window.dispatchEvent(new PopStateEvent('popstate'));
});
await page.getByRole('list', { name: 'Money log' }).getByRole('listitem').first().waitFor();
// Written to the device once the list has loaded.
for (let tries = 0; !(await deviceStorageText(page)).includes('moneyLog:'); tries++)
  if (tries > 100) throw new Error('The money log was not kept on the device');

await context.setOffline(true);
console.log('repeat visit with the network off (median of %d runs)', RUNS);
for (const rate of RATES) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const home: { fcp: number; app: number }[] = [];
  const list: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${server.url}/index`);
    const app = await shownAt(page, page.locator('.hero').waitFor());
    home.push({ ...(await paintTimings(page)), app });
    await page.goto(`${server.url}/wallet/moneyLog`);
    const rows = page.getByRole('list', { name: 'Money log' }).getByRole('listitem');
    list.push(await shownAt(page, rows.first().waitFor()));
  }
  const fcp = median(home.map((h) => h.fcp));
  const app = median(home.map((h) => h.app));
  console.log(
    `  CPU ${rate}×: home first contentful paint ${fcp.toFixed(0)} ms (target ≤ 800), ` +
      `sign-in card ${app.toFixed(0)} ms, kept money log rows ${median(list).toFixed(0)} ms`,
  );
}
console.log(
  `installable: ${installabilityErrors.length === 0 ? 'yes, no errors' : JSON.stringify(installabilityErrors)}`,
);

await context.close();
await server.close();
rmSync(profile, { recursive: true, force: true });
