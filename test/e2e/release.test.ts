// Ticket dividend release (issue 8, spec §2 /enuRelease, /enuFrom): an approved application
// releases its total period by period; what is released moves into the JU balance from the
// funded release pool; the release and transfer logs and the ticket source log show it.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { openFromMenu, payWith, refreshUntil } from './support/chainSteps.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { ALICE_KEY, confirmPopup, signInAs } from './support/money.ts';

const HOUR_MS = 3_600_000;
const app = setUpBrowserApp({
  env: {
    INVITE_REQUIRED: 'false',
    SESSION_TTL_SECONDS: String(7 * 86_400),
    RELEASE_PERCENT_PER_PERIOD: '10',
    RELEASE_PERIOD_HOURS: '24',
  },
});

describe('ticket dividend release', () => {
  it('releases 10% a day of an approved ticket and moves it into the balance', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    const { chain, chainOperator, clock } = app.server;
    await chain.setBalance(alice.address, '100');
    await openFromMenu(app, 'Ticket buy', '/ticket/buy');
    await payWith(app, /^Buy a ticket for 60/, 'Buy a ticket');
    await app.page.getByText('Ticket bought').waitFor();
    await app.page.getByRole('link', { name: 'Apply for the ticket dividend' }).click();
    await app.page.getByRole('button', { name: 'Apply', exact: true }).click();
    await confirmPopup(app.page, 'Dividend application', 'Apply');
    const application = app.page.getByTestId('ticket-application').first();
    await refreshUntil(app, () => application.getAttribute('data-status'), 'approved');

    clock.advance(48 * HOUR_MS + 60_000);
    await chainOperator.fundReleasePool('100');
    await openFromMenu(app, 'Purchased tickets', '/ticket/mine');
    await app.page.getByRole('link', { name: 'Dividend release' }).click();
    await expect.poll(app.path).toBe('/enuRelease');
    const summary = app.page.getByTestId('release-summary');
    await expect.poll(() => app.page.getByTestId('release-total').textContent()).toBe('60 JU');
    expect(await app.page.getByTestId('release-historical').textContent()).toBe('60 JU');
    expect(await app.page.getByTestId('release-released').textContent()).toBe('12 JU');
    expect(await app.page.getByTestId('release-remaining').textContent()).toBe('48 JU');
    expect(await summary.textContent()).toContain('Progress: 20');
    // The bar spans the card (it was drawn at the browser's default, half as wide).
    const widthOf = (selector: string) =>
      app.page.locator(selector).evaluate((element) => element.getBoundingClientRect().width);
    const card = await widthOf('[data-testid="release-summary"] .stat-grid');
    expect(await widthOf('#release-progress')).toBeCloseTo(card, 0);
    expect(await app.page.getByTestId('release-status').getAttribute('data-status')).toBe(
      'releasing',
    );
    await expect.poll(() => app.page.getByTestId('release-record').count()).toBe(2);
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    await app.page.getByRole('button', { name: 'Max', exact: true }).click();
    await app.page.getByRole('button', { name: 'Transfer to balance' }).click();
    await confirmPopup(app.page, 'Release transfer', 'Transfer');
    await app.page.getByText('Released JU moved to your balance').waitFor();
    await expect
      .poll(() => app.page.getByTestId('release-transferable').textContent())
      .toBe('0 JU');
    await app.page.getByRole('tab', { name: 'Transfer log' }).click();
    await expect
      .poll(() => app.page.getByTestId('release-transfer-record').first().textContent())
      .toContain('12 JU');

    // The ticket source log: the purchase on chain.
    await openFromMenu(app, 'Purchased tickets', '/ticket/mine');
    await app.page.getByRole('link', { name: 'Ticket source' }).click();
    await expect.poll(app.path).toBe('/enuFrom');
    await expect.poll(() => app.page.getByTestId('ticket-source').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(app.page)).toEqual([]);
  });
});
