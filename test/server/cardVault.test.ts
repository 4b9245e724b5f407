// Encryption at rest of the card service (AES-256-GCM), its key, and the card settings.
import { randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.ts';
import { readSettings } from '../../server/settings.ts';
import { startServer } from '../../server/main.ts';
import { hashPin, verifyPin } from '../../server/card/pin.ts';
import { CARD_DATA_KEY_FILE, createVault, vaultFor } from '../../server/vault.ts';

describe('card data vault', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ju-vault-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('opens only what it sealed, for the same binding, untampered', () => {
    const vault = createVault(randomBytes(32));
    const sealed = vault.sealText('E98765432', 'holder-identity:1');
    expect(sealed).not.toContain('E98765432');
    expect(vault.openText(sealed, 'holder-identity:1')).toBe('E98765432');
    // A fresh IV every time: equal values do not look equal at rest.
    expect(vault.sealText('E98765432', 'holder-identity:1')).not.toBe(sealed);
    expect(() => vault.openText(sealed, 'holder-identity:2')).toThrow();
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => vault.openText(bytes.toString('base64'), 'holder-identity:1')).toThrow();
    expect(() => createVault(randomBytes(32)).openText(sealed, 'holder-identity:1')).toThrow();
  });

  it('generates its key once into DATA_DIR (mode 0600) and reuses it', () => {
    const dir = tempDir();
    const sealed = vaultFor(dir, null).sealText('secret', 'x');
    const file = path.join(dir, CARD_DATA_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, 'utf8').trim();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    // Another process (a fresh vault from the same key) opens it.
    expect(createVault(Buffer.from(key, 'base64')).openText(sealed, 'x')).toBe('secret');
  });

  it('refuses a key file others can read, and the server does not start with it', async () => {
    const dir = tempDir();
    const file = path.join(dir, CARD_DATA_KEY_FILE);
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(() => vaultFor(dir, null)).toThrow(/chmod 600/);
    await expect(
      startServer({ env: {}, port: 0, host: '127.0.0.1', dataDir: dir, databaseUrl: null }),
    ).rejects.toThrow(/chmod 600/);
    chmodSync(file, 0o600);
    expect(vaultFor(dir, null).openText(vaultFor(dir, null).sealText('a', 'b'), 'b')).toBe('a');
  });

  it('takes CARD_DATA_KEY as base64 or hex, and refuses a key of the wrong size', () => {
    const key = randomBytes(32);
    const sealed = vaultFor(tempDir(), key.toString('hex')).sealText('4859210012345678', 'card');
    expect(vaultFor(tempDir(), key.toString('base64')).openText(sealed, 'card')).toBe(
      '4859210012345678',
    );
    expect(() => vaultFor(tempDir(), randomBytes(16).toString('base64'))).toThrow(/32-byte key/);
  });

  it('hashes PINs slowly with a salt and a pepper from the data key: the database alone cannot test a guess', async () => {
    const vault = createVault(randomBytes(32));
    const pepper = vault.derivedKey('card-pin');
    expect(pepper).toHaveLength(32);
    expect(vault.derivedKey('card-pin').equals(pepper)).toBe(true);
    expect(vault.derivedKey('other').equals(pepper)).toBe(false);
    const [first, second] = await Promise.all([
      hashPin('482915', pepper),
      hashPin('482915', pepper),
    ]);
    expect(first).not.toBe(second);
    expect(first).not.toContain('482915');
    expect(await verifyPin('482915', first, pepper)).toBe(true);
    expect(await verifyPin('482916', first, pepper)).toBe(false);
    // Someone with a copy of the database but not the key: the right PIN does not check.
    expect(
      await verifyPin('482915', first, createVault(randomBytes(32)).derivedKey('card-pin')),
    ).toBe(false);
    const [, cost, blockSize, parallelism, salt, hash] = first.split('$');
    const unkeyed = scryptSync('482915', Buffer.from(salt!, 'base64'), 32, {
      N: Number(cost),
      r: Number(blockSize),
      p: Number(parallelism),
      maxmem: 64 * 1024 * 1024,
    });
    expect(unkeyed.toString('base64')).not.toBe(hash);
    // A stored value cannot choose its own (costly) parameters.
    expect(await verifyPin('482915', first.replace('$32768$', '$1048576$'), pepper)).toBe(false);
  });

  it('reads the card settings and refuses wrong ones clearly', () => {
    const settings = readSettings({ CARD_REGIONS: 'hk, sg', CARD_VIRTUAL_FEE: '2.5' }).card;
    expect(settings).toMatchObject({ regions: ['HK', 'SG'], virtualFee: 2_500_000n });
    expect(() => readSettings({ CARD_REGIONS: 'HKG' })).toThrow(ConfigError);
    expect(() => readSettings({ CARD_RECHARGE_FEE_BPS: '10001' })).toThrow(ConfigError);
    expect(() => readSettings({ CARD_PHYSICAL_FEE: '-1' })).toThrow(ConfigError);
  });
});
