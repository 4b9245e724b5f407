// A message that names a field names it in the reader's language ("金額", not `amount`), and
// every field a user's request can carry has such a name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import { routeTable } from '../../server/areas.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { fieldLabel } from '../../contract/api/fieldLabels.ts';
import { editHolderRequestSchema } from '../../contract/api/card/holders.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';

/** The field names of a route's input schema, nested objects and arrays included. */
function fieldNames(schema: unknown, names = new Set<string>()): Set<string> {
  const node = schema as Partial<v.ObjectSchema<v.ObjectEntries, undefined>> & {
    wrapped?: unknown;
    pipe?: unknown[];
    item?: unknown;
    options?: unknown[];
  };
  if (!node || typeof node !== 'object') return names;
  if (node.entries) {
    for (const [name, entry] of Object.entries(node.entries)) {
      names.add(name);
      fieldNames(entry, names);
    }
  }
  if (node.wrapped) fieldNames(node.wrapped, names);
  if (node.pipe && node.pipe[0] !== node) fieldNames(node.pipe[0], names);
  if (node.item) fieldNames(node.item, names);
  for (const option of node.options ?? []) fieldNames(option, names);
  return names;
}

describe('field labels', () => {
  it("name every field of every user's request", () => {
    const seen = new Set<string>();
    for (const route of routeTable) {
      if (route.auth !== 'admin' && route.input) fieldNames(route.input, seen);
    }
    // The holder form is checked in its handler, against the server's clock.
    fieldNames(editHolderRequestSchema(), seen);
    expect(seen).toContain('amount');
    expect(seen).toContain('first_name');
    expect([...seen].filter((name) => !fieldLabel(name))).toEqual([]);
  });

  it('read a nested or listed field by its own name', () => {
    expect(fieldLabel('holder.first_name')?.id).toBe('field.first_name');
    expect(fieldLabel('items.0.amount')?.id).toBe('field.amount');
    expect(fieldLabel('Idempotency-Key')?.id).toBe('field.idempotency_key');
    expect(fieldLabel('highlights.0.zork')).toBeUndefined();
  });
});

describe('a validation message', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await login(server, testWallet('alice'));
  });
  afterAll(() => server.close());

  const missingAddress = (lang: string) =>
    server.request('GET', '/api/v1/auth/loginMessage', { headers: { lang } });

  it('names the field in the language asked for, and keeps its wire name in data', async () => {
    const cases: [string, string][] = [
      ['EN', 'Invalid value for address'],
      ['TW', '地址的值無效'],
      ['JP', 'アドレスの値が無効です'],
      ['PT', 'Valor inválido para endereço'],
      ['TH', 'ค่าของ ที่อยู่ ไม่ถูกต้อง'],
    ];
    for (const [lang, message] of cases) {
      const answer = await missingAddress(lang);
      expect(answer.body.code, lang).toBe(apiErrors.validation.code);
      expect(answer.body.message, lang).toBe(message);
      expect(answer.body.data.field, lang).toBe('address');
    }
  });

  it('never shows a wire name such as bin or amount', async () => {
    const answer = await server.request('POST', '/api/v1/user/neuReleaseTransfer', {
      json: { amount: 12 },
      token,
      headers: { lang: 'KO', 'Idempotency-Key': 'field-label-test-0001' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.field).toBe('amount');
    expect(answer.body.message).toContain('금액');
    expect(answer.body.message).not.toMatch(/amount/);
  });
});
