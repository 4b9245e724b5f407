import { isChecksumAddress, sameAddress } from './address.ts';
import { recoverPersonalSignAddress } from './eip191.ts';

// EIP-4361 "Sign-In with Ethereum": the message text, a strict parser that follows the
// spec's ABNF, and the relying party's checks. ERC-1271 (contract wallets) is out of scope.

export interface SiweFields {
  scheme?: string;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

export class SiweParseError extends Error {
  override name = 'SiweParseError';
  readonly reason: string;

  constructor(reason: string) {
    super(`Invalid SIWE message: ${reason}`);
    this.reason = reason;
  }
}

export type SiweVerifyFailure =
  | 'malformed'
  | 'bad_signature'
  | 'expired'
  | 'not_yet_valid'
  | 'domain_mismatch'
  | 'uri_mismatch'
  | 'nonce_mismatch'
  | 'chain_mismatch'
  | 'scheme_mismatch';

export class SiweVerifyError extends Error {
  override name = 'SiweVerifyError';
  readonly reason: SiweVerifyFailure;

  constructor(reason: SiweVerifyFailure, options?: ErrorOptions) {
    super(`SIWE verification failed: ${reason}`, options);
    this.reason = reason;
  }
}

/** The values the relying party expects; each one given is enforced. */
export interface SiweVerifyOptions {
  domain?: string;
  /** The URI the relying party issued; compared exactly. */
  uri?: string;
  nonce?: string;
  /** The moment to judge Expiration Time and Not Before against; defaults to now. */
  time?: Date;
  chainId?: number;
  /** A message without a scheme counts as https, as EIP-4361 says. */
  scheme?: string;
}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';
const DEFAULT_SCHEME = 'https';
const TAG = {
  uri: 'URI: ',
  version: 'Version: ',
  chainId: 'Chain ID: ',
  nonce: 'Nonce: ',
  issuedAt: 'Issued At: ',
  expirationTime: 'Expiration Time: ',
  notBefore: 'Not Before: ',
  requestId: 'Request ID: ',
  resources: 'Resources:',
} as const;
const RESOURCE_PREFIX = '- ';

// RFC 3986 rules, written as regular-expression sources.
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT_ENCODED = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`;
const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*';
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*`;
// Octets with leading zeros ("010") are accepted, as the upstream SIWE grammar vectors expect.
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const H16 = '[0-9A-Fa-f]{1,4}';
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
const upToH16 = (colons: number) => `(?:(?:${H16}:){0,${colons}}${H16})?`;
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `${upToH16(0)}::(?:${H16}:){4}${LS32}`,
  `${upToH16(1)}::(?:${H16}:){3}${LS32}`,
  `${upToH16(2)}::(?:${H16}:){2}${LS32}`,
  `${upToH16(3)}::${H16}:${LS32}`,
  `${upToH16(4)}::${LS32}`,
  `${upToH16(5)}::${H16}`,
  `${upToH16(6)}::`,
].join('|');
const IPV_FUTURE = `v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`;
// IPv4address needs no branch of its own: every one is also a reg-name.
const HOST = `(?:\\[(?:${IPV6}|${IPV_FUTURE})\\]|${REG_NAME})`;
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::[0-9]*)?`;
const SEGMENTS = `(?:/${PCHAR}*)*`;
const HIER_PART = `(?://${AUTHORITY}${SEGMENTS}|/(?:${PCHAR}+${SEGMENTS})?|${PCHAR}+${SEGMENTS})?`;
const QUERY_OR_FRAGMENT = `(?:${PCHAR}|[/?])*`;
const URI = `${SCHEME}:${HIER_PART}(?:\\?${QUERY_OR_FRAGMENT})?(?:#${QUERY_OR_FRAGMENT})?`;

const whole = (source: string) => new RegExp(`^(?:${source})$`);
const SCHEME_RULE = whole(SCHEME);
const AUTHORITY_RULE = whole(AUTHORITY);
const URI_RULE = whole(URI);
const REQUEST_ID_RULE = whole(`${PCHAR}*`);
// statement = *( reserved / unreserved / " " ): printable ASCII without LF, '%', '"', '<' ...
const STATEMENT_RULE = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;
const NONCE_RULE = /^[A-Za-z0-9]{8,}$/;
// Stricter than 1*DIGIT (no leading zeros) so that every field set has exactly one text.
const CHAIN_ID_RULE = /^(?:0|[1-9][0-9]*)$/;
const ORIGIN = new RegExp(`^(?:(${SCHEME})://)?(.*)$`);
const RFC3339_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
// Bidi overrides and isolates can make a hostile domain or URI display as a trusted one.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** The EIP-4361 text of `fields`; throws SiweParseError if they cannot form a valid message. */
export function formatSiweMessage(fields: SiweFields): string {
  assertValidFields(fields);
  const origin =
    fields.scheme === undefined ? fields.domain : `${fields.scheme}://${fields.domain}`;
  const lines = [`${origin}${HEADER_SUFFIX}`, fields.address, ''];
  if (fields.statement !== undefined) lines.push(fields.statement);
  lines.push(
    '',
    TAG.uri + fields.uri,
    TAG.version + fields.version,
    TAG.chainId + String(fields.chainId),
    TAG.nonce + fields.nonce,
    TAG.issuedAt + fields.issuedAt,
  );
  if (fields.expirationTime !== undefined) lines.push(TAG.expirationTime + fields.expirationTime);
  if (fields.notBefore !== undefined) lines.push(TAG.notBefore + fields.notBefore);
  if (fields.requestId !== undefined) lines.push(TAG.requestId + fields.requestId);
  if (fields.resources !== undefined) {
    lines.push(TAG.resources, ...fields.resources.map((resource) => RESOURCE_PREFIX + resource));
  }
  return lines.join('\n');
}

/** Parses an EIP-4361 message exactly as its ABNF allows; throws SiweParseError otherwise. */
export function parseSiweMessage(text: string): SiweFields {
  if (BIDI_CONTROL.test(text))
    throw new SiweParseError('contains a bidirectional control character');
  const lines = text.split('\n');
  let at = 0;
  const next = (what: string): string => {
    const line = lines[at++];
    if (line === undefined) throw new SiweParseError(`ends before ${what}`);
    return line;
  };
  const blank = () => {
    if (next('a blank line') !== '') throw new SiweParseError(`line ${at} should be blank`);
  };
  const optional = (tag: string): string | undefined => {
    const line = lines[at];
    if (line === undefined || !line.startsWith(tag)) return undefined;
    at++;
    return line.slice(tag.length);
  };
  const required = (tag: string): string => {
    const value = optional(tag);
    if (value === undefined) throw new SiweParseError(`line ${at + 1} should start with "${tag}"`);
    return value;
  };

  const header = next('the header');
  if (!header.endsWith(HEADER_SUFFIX))
    throw new SiweParseError('first line is not a sign-in request');
  const [, scheme, domain = ''] = ORIGIN.exec(header.slice(0, -HEADER_SUFFIX.length)) ?? [];
  const address = next('the address');
  blank();
  // A statement line is present exactly when a blank line follows it.
  const statement = lines[at + 1] === '' ? next('the statement') : undefined;
  blank();
  const uri = required(TAG.uri);
  const version = required(TAG.version);
  if (version !== '1') throw new SiweParseError('version is not 1');
  const chainIdText = required(TAG.chainId);
  const nonce = required(TAG.nonce);
  const issuedAt = required(TAG.issuedAt);
  const expirationTime = optional(TAG.expirationTime);
  const notBefore = optional(TAG.notBefore);
  const requestId = optional(TAG.requestId);
  let resources: string[] | undefined;
  if (lines[at] === TAG.resources) {
    resources = lines.slice(at + 1).map((line) => {
      if (!line.startsWith(RESOURCE_PREFIX))
        throw new SiweParseError('a resource line must start with "- "');
      return line.slice(RESOURCE_PREFIX.length);
    });
    at = lines.length;
  }
  if (at < lines.length)
    throw new SiweParseError(`unexpected line ${at + 1} (missing or out of order field)`);

  const fields: SiweFields = {
    domain,
    address,
    uri,
    version,
    chainId: CHAIN_ID_RULE.test(chainIdText) ? Number(chainIdText) : Number.NaN,
    nonce,
    issuedAt,
  };
  if (scheme !== undefined) fields.scheme = scheme;
  if (statement !== undefined) fields.statement = statement;
  if (expirationTime !== undefined) fields.expirationTime = expirationTime;
  if (notBefore !== undefined) fields.notBefore = notBefore;
  if (requestId !== undefined) fields.requestId = requestId;
  if (resources !== undefined) fields.resources = resources;
  assertValidFields(fields);
  return fields;
}

/**
 * Checks a signed sign-in message as a relying party must: its syntax, the EIP-191 signature
 * by its own address, its validity window, and every expected value given in `opts`.
 * Nonce single use is the caller's job: pass the nonce it issued and then retire it.
 */
export function verifySiweMessage(
  text: string,
  signatureHex: string,
  opts: SiweVerifyOptions,
): SiweFields {
  let fields: SiweFields;
  try {
    fields = parseSiweMessage(text);
  } catch (error) {
    if (!(error instanceof SiweParseError)) throw error;
    throw new SiweVerifyError('malformed', { cause: error });
  }
  const requireMatch = <T>(expected: T | undefined, actual: T, failure: SiweVerifyFailure) => {
    if (expected !== undefined && actual !== expected) throw new SiweVerifyError(failure);
  };
  requireMatch(opts.scheme, fields.scheme ?? DEFAULT_SCHEME, 'scheme_mismatch');
  requireMatch(opts.domain, fields.domain, 'domain_mismatch');
  requireMatch(opts.uri, fields.uri, 'uri_mismatch');
  requireMatch(opts.chainId, fields.chainId, 'chain_mismatch');
  requireMatch(opts.nonce, fields.nonce, 'nonce_mismatch');
  const now = (opts.time ?? new Date()).getTime();
  // Parsing already proved the dates valid; the fallbacks only make any surprise fail closed.
  if (
    fields.expirationTime !== undefined &&
    now >= (rfc3339Millis(fields.expirationTime) ?? -Infinity)
  ) {
    throw new SiweVerifyError('expired');
  }
  if (fields.notBefore !== undefined && now < (rfc3339Millis(fields.notBefore) ?? Infinity)) {
    throw new SiweVerifyError('not_yet_valid');
  }
  if (!isSignedBy(text, signatureHex, fields.address)) throw new SiweVerifyError('bad_signature');
  return fields;
}

function isSignedBy(message: string, signatureHex: string, address: string): boolean {
  try {
    return sameAddress(recoverPersonalSignAddress(message, signatureHex), address);
  } catch {
    return false;
  }
}

// Field values come from parsed text or from callers' objects (possibly untyped JSON), so
// every field is checked for presence and type as well as grammar.
function assertValidFields(fields: SiweFields): void {
  type Rule = RegExp | ((text: string) => boolean);
  const matches = (value: unknown, rule: Rule) =>
    typeof value === 'string' && (rule instanceof RegExp ? rule.test(value) : rule(value));
  const optional = (value: unknown, rule: Rule) => value === undefined || matches(value, rule);
  const check = (ok: boolean, reason: string) => {
    if (!ok) throw new SiweParseError(reason);
  };

  check(optional(fields.scheme, SCHEME_RULE), 'scheme is not an RFC 3986 scheme');
  check(
    matches(fields.domain, AUTHORITY_RULE) && fields.domain !== '',
    'domain is not an RFC 3986 authority',
  );
  check(matches(fields.address, isChecksumAddress), 'address is not EIP-55 checksummed');
  check(
    optional(fields.statement, STATEMENT_RULE),
    'statement has a line break or a disallowed character',
  );
  check(matches(fields.uri, URI_RULE), 'uri is not an RFC 3986 URI');
  check(fields.version === '1', 'version is not 1');
  check(
    Number.isSafeInteger(fields.chainId) && fields.chainId >= 0,
    'chain id is not a non-negative integer',
  );
  check(matches(fields.nonce, NONCE_RULE), 'nonce is not at least 8 letters or digits');
  check(matches(fields.issuedAt, isRfc3339), 'issued-at is not an RFC 3339 date-time');
  check(optional(fields.expirationTime, isRfc3339), 'expiration-time is not an RFC 3339 date-time');
  check(optional(fields.notBefore, isRfc3339), 'not-before is not an RFC 3339 date-time');
  check(optional(fields.requestId, REQUEST_ID_RULE), 'request-id has a disallowed character');
  check(
    fields.resources === undefined ||
      (Array.isArray(fields.resources) && fields.resources.every((r) => matches(r, URI_RULE))),
    'a resource is not an RFC 3986 URI',
  );
}

function isRfc3339(text: string): boolean {
  return rfc3339Millis(text) !== undefined;
}

/** Milliseconds since the epoch of an RFC 3339 date-time, or undefined if it is not a real one. */
function rfc3339Millis(text: string): number | undefined {
  const match = RFC3339_DATE_TIME.exec(text);
  if (match === null) return undefined;
  const part = (group: number) => Number(match[group]);
  const [year, month, day, hour, minute, second] = [
    part(1),
    part(2),
    part(3),
    part(4),
    part(5),
    part(6),
  ];
  const [fraction = '', sign, offsetHours = '0', offsetMinutes = '0'] = match.slice(7);
  const inRange =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    Number(offsetHours) <= 23 &&
    Number(offsetMinutes) <= 59;
  if (!inRange) return undefined;
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  // Setting the time after the date lets a leap second (:60) carry into the next minute.
  instant.setUTCHours(hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * (sign === '-' ? -1 : 1);
  return instant.getTime() - offset * 60_000;
}

function daysInMonth(year: number, month: number): number {
  const lastDay = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  lastDay.setUTCFullYear(year, month, 0);
  return lastDay.getUTCDate();
}
