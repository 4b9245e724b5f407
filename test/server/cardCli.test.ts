// The operator's card commands (kyc, card, recharge) against a real server.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressPaths, deliveryAddressSchema } from '../../contract/api/card/addresses.ts';
import { applicationPaths, cardApplicationSchema } from '../../contract/api/card/applications.ts';
import { cardPaths, myCardListDataSchema } from '../../contract/api/card/cards.ts';
import { rechargePaths, rechargeRecordSchema } from '../../contract/api/card/recharges.ts';
import { runCli } from '../../server/admin/cli.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { credit, dataOf, walletOf } from './support/money.ts';
import { ADDRESS_FIELDS, addHolder, cardPost, cardMoneyPost } from './support/card.ts';

describe('card commands of the admin tool', () => {
  let server: TestServer;
  let outDir: string;
  const alice = testWallet('card cli alice');
  let aliceToken: string;
  const cli = (...args: string[]) =>
    runCli(args, { API_URL: server.url, ADMIN_TOKEN: server.adminToken });

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    outDir = mkdtempSync(path.join(tmpdir(), 'ju-card-cli-'));
    aliceToken = await login(server, alice);
    await credit(server, alice.address, 'USDT', '300');
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(async () => {
    rmSync(outDir, { recursive: true, force: true });
    await server.close();
  });

  it('reviews holders: list, save a photo, reject with a reason, approve', async () => {
    const holder = await addHolder(server, aliceToken);
    const listed = await cli('kyc', 'list', '--status', 'pending');
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toContain('San Zhang');
    expect(listed.output).toContain('*******32');
    expect(listed.output).not.toContain('E98765432');

    const shown = await cli('kyc', 'show', holder.id);
    expect(shown.exitCode, shown.output).toBe(0);
    expect(shown.output).toContain('passport E98765432, issued 2025-03-01, expires 2035-02-28');
    expect(shown.output).toContain(alice.address);
    expect((await cli('kyc', 'show', '99999')).output).toBe('Refused: No such holder');

    const photoFile = path.join(outDir, 'front.jpg');
    const saved = await cli('kyc', 'photo', holder.photos[0]!, photoFile);
    expect(saved.exitCode, saved.output).toBe(0);
    expect((await sharp(readFileSync(photoFile)).metadata()).format).toBe('jpeg');
    expect(statSync(photoFile).mode & 0o777).toBe(0o600);
    expect(
      (await cli('kyc', 'photo', 'AAAAAAAAAAAAAAAAAAAAAAAA', path.join(outDir, 'x.jpg'))).output,
    ).toBe('Refused: This photo is unknown or was already used. Upload it again.');
    expect(existsSync(path.join(outDir, 'x.jpg'))).toBe(false);

    const rejected = await cli('kyc', 'reject', holder.id, 'Photo is blurred');
    expect(rejected).toEqual({
      exitCode: 0,
      output: `Holder ${holder.id} (San Zhang) is now rejected.`,
    });
    expect((await cli('kyc', 'approve', holder.id)).exitCode).toBe(1);
    expect((await cli('kyc', 'reject', holder.id)).exitCode).toBe(2);
  });

  it('issues and rejects applications, records spending, settles and fails recharges', async () => {
    const holder = await addHolder(server, aliceToken);
    expect((await cli('kyc', 'approve', holder.id)).exitCode).toBe(0);
    const address = dataOf(
      await cardPost(server, aliceToken, addressPaths.addAddress, ADDRESS_FIELDS),
      deliveryAddressSchema,
    );
    const virtual = dataOf(
      await cardMoneyPost(server, aliceToken, applicationPaths.openVirtualCard, {
        region: 'SG',
        holder_id: holder.id,
        agree: true,
      }),
      cardApplicationSchema,
    );
    const physical = dataOf(
      await cardMoneyPost(server, aliceToken, applicationPaths.openRealCard, {
        region: 'SG',
        holder_id: holder.id,
        address_id: address.id,
        agree: true,
      }),
      cardApplicationSchema,
    );
    expect((await walletOf(server, aliceToken)).USDT.available).toBe('240');
    const applications = await cli('card', 'applications', '--status', 'processing');
    expect(applications.output).toContain(virtual.order_no);
    expect(applications.output).toContain(physical.order_no);
    // What each applicant agreed to, for the record.
    expect(applications.output).toContain('AGREED');
    expect(applications.output).toContain('cardholder_terms@2026-01,privacy_notice@2026-01');

    const issued = await cli('card', 'issue', virtual.id);
    expect(issued.exitCode, issued.output).toBe(0);
    expect(issued.output).toMatch(/issued card \d+ \*{4} \*{4} \*{4} \d{4}, active\./);
    const rejected = await cli('card', 'reject', physical.id, 'No delivery to this address');
    expect(rejected.output).toBe(
      `Application ${physical.id} rejected (No delivery to this address); fee 50 USDT returned.`,
    );
    expect((await walletOf(server, aliceToken)).USDT.available).toBe('290');
    expect((await cli('card', 'issue', physical.id)).output).toBe(
      'Refused: This application has already been decided',
    );

    const [card] = dataOf(
      await cardPost(server, aliceToken, cardPaths.myCardList, {}),
      myCardListDataSchema,
    ).list;
    const recharge = dataOf(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card!.id,
        amount: '100',
      }),
      rechargeRecordSchema,
    );
    expect((await cli('recharge', 'list', '--status', 'pending')).output).toContain(alice.address);
    expect((await cli('recharge', 'process', recharge.id)).output).toBe(
      `Recharge ${recharge.id} of 100 USDT is now processing.`,
    );
    expect((await cli('recharge', 'settle', recharge.id)).output).toBe(
      `Recharge ${recharge.id} of 100 USDT is now success.`,
    );
    expect((await cli('card', 'spend', card!.id, '25.5', 'Book store')).output).toBe(
      `Card ${card!.id} spent 25.5 at Book store; balance 74.5.`,
    );
    expect((await cli('card', 'spend', card!.id, '100', 'Book store')).output).toBe(
      'Refused: Not enough balance',
    );
    const second = dataOf(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card!.id,
        amount: '20',
      }),
      rechargeRecordSchema,
    );
    const balanceBefore = (await walletOf(server, aliceToken)).USDT.available;
    expect((await cli('recharge', 'fail', second.id, 'Issuer declined')).exitCode).toBe(0);
    expect(Number((await walletOf(server, aliceToken)).USDT.available)).toBe(
      Number(balanceBefore) + 21,
    );
  });

  it('explains wrong usage', async () => {
    const wrong = await cli('card', 'spend', '1');
    expect(wrong.exitCode).toBe(2);
    expect(wrong.output).toContain('card spend needs <cardId> <amount> <merchant>');
    expect((await cli('--help')).output).toContain('recharge settle <id>');
  });
});
