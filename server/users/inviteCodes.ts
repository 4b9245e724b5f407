// Invite codes: short, upper case, without look-alike characters (0/O, 1/I/L), so they can
// be read aloud or typed from a screenshot.
import { randomText } from '../randomText.ts';

const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const INVITE_CODE_LENGTH = 8;

export function generateInviteCode(): string {
  return randomText(INVITE_CODE_LENGTH, INVITE_ALPHABET);
}

/** Codes are compared case-insensitively and without surrounding spaces. */
export function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}
