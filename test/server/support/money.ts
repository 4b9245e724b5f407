// Money calls for the server tests: every answer is validated with the contract's schemas.
import { createHash, randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { expect } from 'vitest';
import { apiErrors } from '../../../contract/api/errors.ts';
import { apiResponse } from '../../../contract/api/response.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/api/money.ts';
import { transferPaths, transferRowSchema } from '../../../contract/api/transfer.ts';
import { walletDataSchema, walletPaths } from '../../../contract/api/wallet.ts';
import { withdrawalSchema, withdrawPaths } from '../../../contract/api/withdraw.ts';
import { adminPaths, withdrawalFinishDataSchema } from '../../../server/admin/contract.ts';
import type { HttpAnswer, HttpClient, TestServer } from '../harness.ts';

/** The `data` of a successful answer, checked against `schema`. */
export function dataOf<S extends v.GenericSchema>(answer: HttpAnswer, schema: S): v.InferOutput<S> {
  expect(answer.status, answer.text).toBe(200);
  return v.parse(apiResponse(schema), answer.body).data;
}

/** A refusal: below 500, in the {code, message, data} format, with the catalogue code. */
/** A catalogue error's status and body code, as `expectRefusal` takes them. */
export const refusal = (name: keyof typeof apiErrors) =>
  [apiErrors[name].status, apiErrors[name].code] as const;

export function expectRefusal(answer: HttpAnswer, status: number, code: number): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body).toEqual({ code, message: expect.any(String), data: answer.body.data });
}

export function moneyPost(
  server: HttpClient,
  token: string,
  path: string,
  json: unknown,
  key: string | null = randomUUID(),
) {
  return server.request('POST', path, {
    json,
    token,
    headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

export function transfer(
  server: HttpClient,
  token: string,
  body: { address: string; amount: string; remark?: string },
  key?: string | null,
) {
  return moneyPost(server, token, transferPaths.transfer, body, key);
}

export async function transferOk(
  server: HttpClient,
  token: string,
  body: { address: string; amount: string; remark?: string },
) {
  return dataOf(await transfer(server, token, body), transferRowSchema);
}

export function withdraw(
  server: HttpClient,
  token: string,
  body: { coin: string; address: string; amount: string },
  key?: string | null,
) {
  return moneyPost(server, token, withdrawPaths.apply, body, key);
}

export async function withdrawOk(
  server: HttpClient,
  token: string,
  body: { coin: string; address: string; amount: string },
) {
  return dataOf(await withdraw(server, token, body), withdrawalSchema);
}

export async function credit(server: TestServer, address: string, asset: string, amount: string) {
  const answer = await server.admin('POST', adminPaths.credit, {
    address,
    asset,
    amount,
    idempotency_key: randomUUID(),
  });
  expect(answer.status, answer.text).toBe(200);
}

export async function finish(
  server: TestServer,
  id: string,
  outcome: { txid: string } | { reason: string },
) {
  const path = 'txid' in outcome ? adminPaths.withdrawalComplete : adminPaths.withdrawalFail;
  return server.admin('POST', path, { id, ...outcome });
}

export async function finishOk(
  server: TestServer,
  id: string,
  outcome: { txid: string } | { reason: string },
) {
  return dataOf(await finish(server, id, outcome), withdrawalFinishDataSchema);
}

/** Balances as `{ JU: { available, frozen }, … }`. */
export async function walletOf(server: HttpClient, token: string) {
  const data = dataOf(await server.request('GET', walletPaths.wallet, { token }), walletDataSchema);
  return Object.fromEntries(
    data.balances.map((row) => [row.coin, { available: row.available, frozen: row.frozen }]),
  ) as Record<'JU' | 'USDT' | 'TICKET', { available: string; frozen: string }>;
}

export const TRON_ADDRESS = 'TLjfbTbpZYDQ4EoA4N5CLNgGjfbF8ZWz38';

/** A TRON transaction id (64 hexadecimal digits) named by `seed`: the same seed, the same id. */
export const tronTxid = (seed: string) => createHash('sha256').update(seed).digest('hex');
export const OTHER_TRON_ADDRESS = 'TDQ6C92wuNqvMWE967sMptCFaXq77uj1PF';
