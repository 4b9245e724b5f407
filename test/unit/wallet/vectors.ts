import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiweFields } from '../../../contract/wallet/siwe.ts';

// The public test vectors are kept in the repository (test/vectors, with their sources), so a
// clone on its own passes its tests.
const VECTORS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../vectors');

export function readVectors<T>(relativePath: string): T {
  return JSON.parse(readFileSync(resolve(VECTORS_DIR, relativePath), 'utf8')) as T;
}

/** SIWE fields as the vector files write them: nulls for absent fields, any value at all. */
export type LooseSiweFields = Record<string, unknown>;

export function withoutNulls(fields: LooseSiweFields): SiweFields {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null),
  ) as unknown as SiweFields;
}

/**
 * The EIP-4361 "informal message template", filled in without any validation, so that tests
 * can build invalid messages and check formatSiweMessage against an independent rendering.
 */
export function siweTemplate(fields: LooseSiweFields): string {
  const has = (key: string) => fields[key] !== undefined && fields[key] !== null;
  const text = (key: string) => (has(key) ? String(fields[key]) : '');
  const origin = has('scheme') ? `${text('scheme')}://${text('domain')}` : text('domain');
  const lines = [`${origin} wants you to sign in with your Ethereum account:`, text('address'), ''];
  if (has('statement')) lines.push(text('statement'));
  lines.push(
    '',
    `URI: ${text('uri')}`,
    `Version: ${text('version')}`,
    `Chain ID: ${text('chainId')}`,
  );
  lines.push(`Nonce: ${text('nonce')}`, `Issued At: ${text('issuedAt')}`);
  if (has('expirationTime')) lines.push(`Expiration Time: ${text('expirationTime')}`);
  if (has('notBefore')) lines.push(`Not Before: ${text('notBefore')}`);
  if (has('requestId')) lines.push(`Request ID: ${text('requestId')}`);
  if (Array.isArray(fields.resources))
    lines.push('Resources:', ...fields.resources.map((r) => `- ${String(r)}`));
  return lines.join('\n');
}
