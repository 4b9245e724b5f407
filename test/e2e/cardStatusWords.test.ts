// A frozen card (the user can unfreeze it) and a card blocked for good after a loss report
// must never read the same. In Thai both once said ถูกระงับ; in Korean the blocked one read
// as a temporary suspension. The card list, in Thai and in Korean, with one of each.
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator, type Translator } from '../../server/i18n/catalogs.ts';
import { applicationPaths, cardApplicationSchema } from '../../contract/api/card/applications.ts';
import { cardPaths } from '../../contract/api/card/cards.ts';
import type { Locale } from '../../contract/i18n/locales.ts';
import { createHttpClient, login, testWallet } from '../server/harness.ts';
import { dataOf } from '../server/support/money.ts';
import { addHolder, cardPost, cardMoneyPost } from '../server/support/card.ts';
import { callsOf } from './support/innerCalls.ts';
import { tokenFrom } from './support/app.ts';
import { setUpBrowserApp, type BrowserApp } from './support/browserApp.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { installTestWallet } from './support/testWallet.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

let translator: Translator;
beforeAll(async () => {
  translator = await loadTranslator('locales');
});

/** What the app says for an English message in a language, as its catalogue has it. */
function say(locale: Locale, message: string, context?: string): string {
  return translator.translate(locale, { id: generateMessageId(message, context), message });
}

/** A user with two issued virtual cards: the first frozen, the second reported lost. */
async function userWithFrozenAndBlockedCards(app: BrowserApp, label: string) {
  const wallet = testWallet(label);
  const server = createHttpClient(app.server.url);
  const token = await login(server, wallet);
  await app.server.operator.credit(wallet.address, 'USDT', '100');
  const holder = await addHolder(server, token);
  await app.server.operator.approveHolder(holder.id);
  const cards: string[] = [];
  for (let i = 0; i < 2; i++) {
    const application = dataOf(
      await cardMoneyPost(server, token, applicationPaths.openVirtualCard, {
        region: 'HK',
        holder_id: holder.id,
        agree: true,
      }),
      cardApplicationSchema,
    );
    cards.push(await app.server.operator.issueCard(application.id));
  }
  const [frozen, blocked] = cards as [string, string];
  expect((await cardPost(server, token, cardPaths.freeze, { id: frozen })).body.code).toBe(200);
  const report = await cardPost(server, token, cardPaths.report, { id: blocked, reason: 'lost' });
  expect(report.body.code).toBe(200);
  return wallet;
}

async function signInIn(app: BrowserApp, locale: Locale, privateKey: string) {
  await app.freshContext({ locale: locale === 'ko' ? 'ko-KR' : 'th-TH' });
  await installTestWallet(app.page, {
    privateKey,
    chainId: APP_CHAIN_ID,
    knownChains: [APP_CHAIN_ID],
    rpcUrl: app.server.chain.rpcUrl,
  });
  await app.page.goto(`${app.server.url}/`);
  const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
  await app.page
    .getByRole('button', { name: say(locale, 'Connect wallet') })
    .first()
    .click();
  await tokenFrom(await login);
  await app.page.getByTestId('signed-in').waitFor();
}

describe('frozen and blocked cards in the card list', () => {
  it.each<[Locale, string]>([
    ['th', 'card-words-th'],
    ['ko', 'card-words-ko'],
  ])('read differently in %s', async (locale, label) => {
    const wallet = await userWithFrozenAndBlockedCards(app, label);
    await signInIn(app, locale, wallet.privateKey);
    await app.page.locator('main a[href="/bank"]').first().click();
    await app.page.locator('main a[href="/mineCard"]').first().click();
    await expect.poll(app.path).toBe('/mineCard');

    const pill = (status: string) =>
      app.page.locator(`[data-testid="card-record"][data-status="${status}"] .status-pill`);
    await pill('frozen').waitFor();
    await pill('blocked').waitFor();
    const frozen = (await pill('frozen').textContent())?.trim();
    const blocked = (await pill('blocked').textContent())?.trim();

    expect(frozen).toBe(say(locale, 'Frozen', 'card status'));
    expect(blocked).toBe(say(locale, 'Blocked'));
    expect(frozen).not.toBe(blocked);
    // Neither is worded with the other's word.
    const words = { th: ['อายัด', 'ระงับ'], ko: ['동결', '차단'] }[locale as 'th' | 'ko'];
    expect(frozen).toContain(words[0]);
    expect(frozen).not.toContain(words[1]);
    expect(blocked).toContain(words[1]);
    expect(blocked).not.toContain(words[0]);
  });
});
