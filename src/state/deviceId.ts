// This browser's id: random, made once and kept in localStorage. It is no secret and opens
// nothing; sign-in sends it so the server ends this browser's earlier session (a reload signs
// out, and the next sign-in would otherwise leave the old session behind).
import { deviceIdSchema } from '../../contract/api/auth.ts';
import * as v from 'valibot';

const STORAGE_KEY = 'ju.deviceId';

// Where localStorage is unavailable (some private modes), the id lives as long as the page.
let fallback: string | undefined;

function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored !== null && v.is(deviceIdSchema, stored)) return stored;
    const created = newDeviceId();
    localStorage.setItem(STORAGE_KEY, created);
    return created;
  } catch {
    fallback ??= newDeviceId();
    return fallback;
  }
}
