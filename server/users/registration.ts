// Who may register: with invites required, a new wallet needs an existing user's invite
// code (that user becomes its referrer), except the very first user of an empty database,
// whom nobody could have invited.
import type { AppDatabase } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { DomainError } from '../domainError.ts';
import { emitUserEvent } from '../realtime/events.ts';
import { normalizeInviteCode } from './inviteCodes.ts';
import {
  createUser,
  findUserByAddress,
  findUserByInviteCode,
  hasAnyUser,
  lockUserCreation,
} from './users.ts';

export interface RegistrationRequest {
  /** Checksummed. */
  address: string;
  /** Empty when the user gave none. */
  inviteCode: string;
  inviteRequired: boolean;
  now: Date;
}

/**
 * The user for `address`, registered now if new. Call inside a transaction: refusals
 * (`invite_required`, `invite_invalid`) are thrown so the caller's work rolls back too.
 */
export async function findOrRegisterUser(
  db: AppDatabase,
  request: RegistrationRequest,
): Promise<UserRow> {
  const existing = await findUserByAddress(db, request.address);
  if (existing) return existing;
  await lockUserCreation(db);
  // Another login may have registered this address while we waited for the lock.
  const registered = await findUserByAddress(db, request.address);
  if (registered) return registered;
  const code = normalizeInviteCode(request.inviteCode);
  let referrerId: bigint | null = null;
  if (code) {
    const referrer = await findUserByInviteCode(db, code);
    if (!referrer) throw new DomainError('invite_invalid');
    referrerId = referrer.id;
  } else if (request.inviteRequired && (await hasAnyUser(db))) {
    throw new DomainError('invite_required');
  }
  const user = await createUser(db, { address: request.address, referrerId, now: request.now });
  // The referrer's app counts the new member at once (their figures are exact on every read;
  // the event tells an open user centre to read them again). Uplines read theirs on their
  // next visit: one event per sign-up, however deep the tree.
  if (referrerId !== null)
    await emitUserEvent(db, request.now, {
      userId: referrerId,
      stream: 'user@record',
      kind: 'referral_joined',
      changes: ['team'],
    });
  return user;
}

export interface RegistrationStatus {
  registered: boolean;
  inviteRequired: boolean;
  /** Set when a code was asked about: whether it belongs to a user. */
  codeValid?: boolean;
}

export async function registrationStatus(
  db: AppDatabase,
  address: string,
  inviteRequired: boolean,
  inviteCode?: string,
): Promise<RegistrationStatus> {
  const registered = (await findUserByAddress(db, address)) !== undefined;
  const status = {
    registered,
    inviteRequired: !registered && inviteRequired && (await hasAnyUser(db)),
  };
  if (!inviteCode) return status;
  const referrer = await findUserByInviteCode(db, normalizeInviteCode(inviteCode));
  return { ...status, codeValid: referrer !== undefined };
}
