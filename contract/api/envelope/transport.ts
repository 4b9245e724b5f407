// Where enveloped calls travel and how the app learns the server's keys (docs/protocol.md "Request envelope" §7).
// Shared by the app's sealing fetch and the server's gateway, so the two cannot disagree.
import { decodeKeyConfigList, type KeyConfig } from './ohttp.ts';

/** The one opaque endpoint: every enveloped call is a POST of a sealed request here. */
export const ENVELOPE_PATH = '/api/v1/envelope';

/**
 * `/config.json`'s `server_public_key` while the envelope is on: the server's live key
 * configurations as an `application/ohttp-keys` list (RFC 9458 §3.2), base64url without
 * padding. Two configurations while a key is rotated out; the app seals with the first it
 * supports and, refused as `unknown_key`, reads `/config.json` again and retries once.
 */
export const KEY_LIST_ENCODING = 'base64url';

/** The key configurations in `server_public_key`; throws on any encoding error. */
export function readKeyList(text: string): KeyConfig[] {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return decodeKeyConfigList(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * Calls that never travel sealed, and why:
 * - `/config.json` is how the app learns the keys, so it cannot need them;
 * - a photo's bytes are PUT to a single-use upload URL (`/api/v1/visa/upload/:token`) whose
 *   unguessable token was handed out inside the envelope: the URL itself is the capability,
 *   valid minutes and for one slot, no session token travels with it, and XMLHttpRequest's
 *   upload progress (an 8 MiB photo on a slow line) needs the body as it is.
 */
export const PLAIN_PATHS = ['/config.json', '/api/v1/visa/upload/'] as const;
