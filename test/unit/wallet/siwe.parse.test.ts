import { describe, expect, it } from 'vitest';
import {
  formatSiweMessage,
  parseSiweMessage,
  SiweParseError,
} from '../../../contract/wallet/siwe.ts';
import type { SiweFields } from '../../../contract/wallet/siwe.ts';
import { readVectors, siweTemplate, withoutNulls } from './vectors.ts';
import type { LooseSiweFields } from './vectors.ts';

type Named<T> = Record<string, T>;
const entries = <T>(named: Named<T>) => Object.entries(named);

const positive = readVectors<Named<{ message: string; fields: LooseSiweFields }>>(
  'siwe/parsing_positive.json',
);
const negative = readVectors<Named<string>>('siwe/parsing_negative.json');
const negativeObjects = readVectors<Named<LooseSiweFields>>('siwe/parsing_negative_objects.json');
const messageObjects = readVectors<Named<{ msg: LooseSiweFields; error: string }>>(
  'siwe/message_objects.json',
);
const bidi = readVectors<{ messages: Named<string>; objects: Named<LooseSiweFields> }>(
  'siwe/rtlo_negative.spruceid-v3beta.json',
);
const validUris = readVectors<Named<{ msg: string }>>('siwe/valid_uris.json');
const invalidUris = readVectors<Named<string>>('siwe/invalid_uris.json');
const validResources = readVectors<Named<{ msg: string; resources: string[] }>>(
  'siwe/valid_resources.json',
);
const invalidResources = readVectors<Named<string>>('siwe/invalid_resources.json');
const specification = readVectors<
  Named<{
    msg: string;
    items: { statement: string | null; requestId: string | null; resources: string[] | null };
  }>
>('siwe/valid_specification.json');
type CharCase = { rule: string; input: string; answer: boolean };
const charCases = [
  ...entries(readVectors<Named<CharCase>>('siwe/valid_chars.json')),
  ...entries(readVectors<Named<CharCase>>('siwe/invalid_chars.json')),
];

const rejection = (action: () => unknown): SiweParseError => {
  try {
    action();
  } catch (error) {
    if (error instanceof SiweParseError) return error;
    throw error;
  }
  throw new Error('expected a SiweParseError');
};

describe('SIWE parsing vectors', () => {
  it.each(entries(positive))('parses "%s" and formats it back', (_, { message, fields }) => {
    const expected = withoutNulls(fields);
    const parsed = parseSiweMessage(message);
    expect(parsed).toStrictEqual(expected);
    expect(formatSiweMessage(parsed)).toBe(message);
    expect(formatSiweMessage(expected)).toBe(message);
  });

  it.each(entries(negative))('rejects "%s"', (_, message) => {
    expect(rejection(() => parseSiweMessage(message)).reason).not.toBe('');
  });

  it.each(entries(negativeObjects))('refuses to format "%s"', (_, fields) => {
    rejection(() => formatSiweMessage(withoutNulls(fields)));
    rejection(() => parseSiweMessage(siweTemplate(fields)));
  });

  it.each(entries(messageObjects))('%s', (_, { msg, error }) => {
    const format = () => formatSiweMessage(withoutNulls(msg));
    if (error === 'none') expect(parseSiweMessage(format())).toStrictEqual(withoutNulls(msg));
    else rejection(format);
  });

  it.each(entries(bidi.messages))('rejects bidi controls: "%s"', (_, message) => {
    expect(rejection(() => parseSiweMessage(message)).reason).toMatch(/bidirectional/);
  });

  it.each(entries(bidi.objects))('refuses to format bidi controls: "%s"', (_, fields) => {
    rejection(() => formatSiweMessage(withoutNulls(fields)));
  });
});

describe('SIWE grammar vectors', () => {
  it.each(entries(validUris))('accepts the URI in "%s"', (_, { msg }) => {
    expect(formatSiweMessage(parseSiweMessage(msg))).toBe(msg);
  });

  it.each(entries(invalidUris))('rejects the URI in "%s"', (_, message) => {
    expect(rejection(() => parseSiweMessage(message)).reason).toMatch(/uri/);
  });

  it.each(entries(validResources))('accepts the resources in "%s"', (_, { msg, resources }) => {
    expect(parseSiweMessage(msg).resources).toStrictEqual(resources);
  });

  it.each(entries(invalidResources))('rejects the resources in "%s"', (_, message) => {
    expect(rejection(() => parseSiweMessage(message)).reason).toMatch(/resource/);
  });

  it.each(entries(specification))('optional fields: %s', (_, { msg, items }) => {
    const parsed = parseSiweMessage(msg);
    expect(parsed.statement ?? null).toStrictEqual(items.statement);
    expect(parsed.requestId ?? null).toStrictEqual(items.requestId);
    expect(parsed.resources ?? null).toStrictEqual(items.resources);
    expect(formatSiweMessage(parsed)).toBe(msg);
  });

  // Each ABNF rule is exercised at a place in a message where only that rule applies.
  const base: SiweFields = {
    domain: 'service.org',
    address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    uri: 'https://service.org/login',
    version: '1',
    chainId: 1,
    nonce: '32891757',
    issuedAt: '2021-09-30T16:25:24.000Z',
  };
  const placeRule: Record<string, (input: string) => Partial<SiweFields>> = {
    scheme: (input) => ({ scheme: input }),
    statement: (input) => ({ statement: input }),
    'pct-encoded': (input) => ({ requestId: input }),
    'segment-nz': (input) => ({ requestId: input }),
    userinfo: (input) => ({ domain: `${input}@service.org` }),
    'reg-name': (input) => ({ domain: `user@${input}` }),
    IPvFuture: (input) => ({ domain: `[${input}]` }),
    fragment: (input) => ({ uri: `uri:#${input}` }),
  };

  it.each(charCases)('character rule "%s"', (_, { rule, input, answer }) => {
    const place = placeRule[rule];
    if (place === undefined) throw new Error(`no placement for rule ${rule}`);
    const message = siweTemplate({ ...base, ...place(input) });
    if (answer) expect(formatSiweMessage(parseSiweMessage(message))).toBe(message);
    else rejection(() => parseSiweMessage(message));
  });
});

describe('SIWE parser strictness', () => {
  const message = positive['all optional fields']!.message;

  it.each([
    ['a trailing line break', `${message}\n`],
    ['CRLF line ends', message.replaceAll('\n', '\r\n')],
    ['an unknown trailing field', `${message}\nFoo: bar`],
    ['an empty domain', message.replace('https://example.com wants', 'https:// wants')],
    [
      'a lower-case address',
      message.replace(
        '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
      ),
    ],
    ['a non-alphanumeric nonce', message.replace('Nonce: 32891756', 'Nonce: 3289-1756')],
    ['a chain id with a leading zero', message.replace('Chain ID: 1', 'Chain ID: 01')],
    ['a chain id beyond 2^53', message.replace('Chain ID: 1', 'Chain ID: 9007199254740993')],
    [
      'February 29 of a common year',
      message.replace('2021-09-30T16:25:24.000Z', '2021-02-29T16:25:24.000Z'),
    ],
    [
      'a date without a time zone',
      message.replace('2021-09-30T16:25:24.000Z', '2021-09-30T16:25:24.000'),
    ],
    ['a non-ASCII statement', message.replace('I accept', 'J’accepte')],
    ['a bidi isolate in the statement', message.replace('I accept', '\u2066I accept')],
    ['a resource line without "- "', message.replace('- ipfs://', 'ipfs://')],
  ])('rejects %s', (_, bad) => {
    rejection(() => parseSiweMessage(bad));
  });

  it('accepts a leap second and a lower-case t/z as RFC 3339 allows', () => {
    const leap = message.replace('2021-09-30T16:25:24.000Z', '2016-12-31t23:59:60z');
    expect(parseSiweMessage(leap).issuedAt).toBe('2016-12-31t23:59:60z');
  });

  it('names what is wrong', () => {
    const error = rejection(() => parseSiweMessage(negative['address not EIP-55']!));
    expect(error.name).toBe('SiweParseError');
    expect(error.reason).toMatch(/EIP-55/);
  });
});
