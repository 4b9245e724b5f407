// Sign-In with Ethereum (EIP-4361): the message the wallet signs, and trading a signed
// message for a session. The rules are in docs/operations.md ("Sign-in and sessions").
import type { ApiErrorName } from '../../contract/api/errors.ts';
import {
  formatSiweMessage,
  parseSiweMessage,
  SiweParseError,
  SiweVerifyError,
  verifySiweMessage,
  type SiweFields,
  type SiweVerifyFailure,
} from '../../contract/wallet/siwe.ts';
import { sameAddress } from '../../contract/wallet/address.ts';
import type { AppDatabase } from '../db/database.ts';
import { DomainError } from '../domainError.ts';
import { findOrRegisterUser } from '../users/registration.ts';
import { checkLoginNonce, consumeLoginNonce, issueLoginNonce } from './nonces.ts';
import { createSession, endingSessions, type NewSession } from '../sessions/sessions.ts';

export const SIGN_IN_STATEMENT = 'Sign in to JU Wallet.';

export interface SignInSettings {
  chainId: number;
  inviteRequired: boolean;
  sessionTtlSeconds: number;
}

/** Where the request came to: the message is only good for this site. */
export interface SignInSite {
  /** host[:port] */
  domain: string;
  /** scheme://host[:port] */
  uri: string;
}

export async function createLoginMessage(
  db: AppDatabase,
  settings: SignInSettings,
  site: SignInSite,
  address: string,
  now: Date,
): Promise<string> {
  const fields = (nonce: string, issuedAt: Date, expiresAt: Date): SiweFields => ({
    domain: site.domain,
    address,
    statement: SIGN_IN_STATEMENT,
    uri: site.uri,
    version: '1',
    chainId: settings.chainId,
    nonce,
    issuedAt: issuedAt.toISOString(),
    expirationTime: expiresAt.toISOString(),
  });
  // Check the site first: a Host header that is no valid authority must not leave a nonce.
  try {
    formatSiweMessage(fields('00000000', now, now));
  } catch (error) {
    if (error instanceof SiweParseError) throw new DomainError('bad_request', { cause: error });
    throw error;
  }
  const issued = await issueLoginNonce(db, address, now);
  return formatSiweMessage(fields(issued.nonce, issued.issuedAt, issued.expiresAt));
}

export interface LoginInput {
  /** Checksummed. */
  address: string;
  message: string;
  signature: string;
  inviteCode: string;
  /** The app's per-browser id: this sign-in ends that browser's earlier sessions. */
  deviceId?: string;
  /** The sign-in request's User-Agent header, if any. */
  userAgent?: string;
}

const VERIFY_FAILURES: Record<SiweVerifyFailure, ApiErrorName> = {
  malformed: 'malformed_message',
  bad_signature: 'bad_signature',
  expired: 'message_expired',
  not_yet_valid: 'message_not_yet_valid',
  domain_mismatch: 'domain_mismatch',
  uri_mismatch: 'domain_mismatch',
  scheme_mismatch: 'domain_mismatch',
  chain_mismatch: 'chain_mismatch',
  nonce_mismatch: 'nonce_unknown_or_used',
};

export async function login(
  db: AppDatabase,
  settings: SignInSettings,
  site: SignInSite,
  input: LoginInput,
  now: Date,
): Promise<NewSession> {
  const fields = verifySignedMessage(settings, site, input, now);

  const nonceState = await checkLoginNonce(db, fields.nonce, input.address, now);
  if (nonceState === 'expired') throw new DomainError('message_expired');
  if (nonceState !== 'usable') throw new DomainError('nonce_unknown_or_used');

  // One transaction: any refusal below (invite needed, bad code) rolls the nonce back, so
  // the app can retry the same signed message with an invite code.
  // The sessions the new one replaces are gone everywhere once it is answered.
  return endingSessions(db, async (trx) => {
    if (!(await consumeLoginNonce(trx, fields.nonce, input.address, now))) {
      throw new DomainError('nonce_unknown_or_used');
    }
    const user = await findOrRegisterUser(trx, {
      address: input.address,
      inviteCode: input.inviteCode,
      inviteRequired: settings.inviteRequired,
      now,
    });
    const { ended, ...session } = await createSession(
      trx,
      user.id,
      now,
      settings.sessionTtlSeconds,
      {
        deviceId: input.deviceId ?? null,
        userAgent: input.userAgent ?? null,
      },
    );
    return { value: session, ended };
  });
}

function verifySignedMessage(
  settings: SignInSettings,
  site: SignInSite,
  input: LoginInput,
  now: Date,
): SiweFields {
  let claimed: SiweFields;
  try {
    claimed = parseSiweMessage(input.message);
  } catch (error) {
    if (error instanceof SiweParseError)
      throw new DomainError('malformed_message', { cause: error });
    throw error;
  }
  if (!sameAddress(claimed.address, input.address)) throw new DomainError('address_mismatch');
  let fields: SiweFields;
  try {
    fields = verifySiweMessage(input.message, input.signature, {
      domain: site.domain,
      uri: site.uri,
      chainId: settings.chainId,
      time: now,
    });
  } catch (error) {
    if (error instanceof SiweVerifyError)
      throw new DomainError(VERIFY_FAILURES[error.reason], { cause: error });
    throw error;
  }
  assertIssuedShape(fields, site, now);
  return fields;
}

// A small allowance for clocks: the server issues the time itself, so only skew explains a
// later one.
const ISSUED_AT_SKEW_MS = 60_000;

/**
 * What this server's own messages always look like, beyond what EIP-4361 allows in general:
 * the site's scheme if one is named, an Issued At that is not in the future, an Expiration
 * Time, and no resources (which a wallet would show as permissions granted).
 */
function assertIssuedShape(fields: SiweFields, site: SignInSite, now: Date): void {
  const siteScheme = new URL(site.uri).protocol.slice(0, -1);
  if (fields.scheme !== undefined && fields.scheme.toLowerCase() !== siteScheme)
    throw new DomainError('domain_mismatch');
  // Written so an unreadable date (NaN) is refused too.
  if (!(Date.parse(fields.issuedAt) <= now.getTime() + ISSUED_AT_SKEW_MS))
    throw new DomainError('message_not_yet_valid');
  if (fields.expirationTime === undefined || fields.resources !== undefined)
    throw new DomainError('malformed_message');
}
