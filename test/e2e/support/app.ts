// Steps a person takes in the app, shared by the browser tests.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { privateKeyToAddress, signPersonalMessage } from '../../../contract/wallet/eip191.ts';
import { callsOf, type InnerAnswer } from './innerCalls.ts';

/**
 * Taps "Connect wallet" and returns the login answer. With one wallet in the browser (the
 * test wallet) the app connects to it directly, without the wallet picker.
 */
export async function connectAndSignIn(page: Page): Promise<InnerAnswer> {
  const login = callsOf(page).waitForAnswer('/api/v1/auth/login');
  await page.getByRole('button', { name: 'Connect wallet' }).first().click();
  return login;
}

export async function tokenFrom(login: InnerAnswer): Promise<string> {
  const body = login.json<{ code: number; data: { token: string } }>();
  expect(body.code).toBe(200);
  return body.data.token;
}

/** Everything the page could have stored: web storage, cookies and IndexedDB contents. */
export async function allStoredText(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const inPage = await page.evaluate(async () => {
    const dump = (s: Storage) =>
      Object.entries(s)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n');
    const dbs = await indexedDB.databases();
    const idb: string[] = [];
    for (const info of dbs) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        idb.push(JSON.stringify(all));
      }
      db.close();
    }
    return [dump(localStorage), dump(sessionStorage), ...idb].join('\n');
  });
  return [inPage, ...cookies.map((c) => `${c.name}=${c.value}`)].join('\n');
}

/** Signs `privateKey` in over the API, as another device of theirs would (a first sign-in
 * with `inviteCode` joins that user's team). */
export async function apiSignIn(
  baseUrl: string,
  privateKey: string,
  inviteCode = '',
): Promise<string> {
  const address = privateKeyToAddress(privateKey);
  const asked = await fetch(`${baseUrl}/api/v1/auth/loginMessage?address=${address}`);
  const { message } = ((await asked.json()) as { data: { message: string } }).data;
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      address,
      message,
      sign_message: signPersonalMessage(privateKey, message),
      code: inviteCode,
    }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}
