// The admin CLI's side of /admin/v1: HTTP calls checked against the shared contract.
import * as v from 'valibot';
import { anyApiResponseSchema, SUCCESS_CODE } from '../../src/api/response.ts';
import {
  adminPaths,
  adminUsersDataSchema,
  adminWithdrawalsDataSchema,
  creditDataSchema,
  ledgerCheckDataSchema,
  withdrawalFinishDataSchema,
  type AdminUsersData,
  type AdminWithdrawalsData,
  type CreditData,
  type CreditRequest,
  type LedgerCheckData,
  type WithdrawalCompleteRequest,
  type WithdrawalFailRequest,
  type WithdrawalFinishData,
  type WithdrawalUnknownRequest,
} from './contract.ts';

/** The server refused the request; `message` is its explanation. */
export class AdminRequestError extends Error {
  override name = 'AdminRequestError';
  readonly status: number;
  readonly code: number | null;

  constructor(message: string, status: number, code: number | null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** No answer at all: wrong URL, server not running. */
export class ServerUnreachableError extends Error {
  override name = 'ServerUnreachableError';
}

export interface AdminClient {
  listUsers(page: number, pageSize: number): Promise<AdminUsersData>;
  credit(request: CreditRequest): Promise<CreditData>;
  listWithdrawals(page: number, pageSize: number, status?: string): Promise<AdminWithdrawalsData>;
  completeWithdrawal(request: WithdrawalCompleteRequest): Promise<WithdrawalFinishData>;
  failWithdrawal(request: WithdrawalFailRequest): Promise<WithdrawalFinishData>;
  markWithdrawalUnknown(request: WithdrawalUnknownRequest): Promise<WithdrawalFinishData>;
  checkLedger(): Promise<LedgerCheckData>;
}

/** One checked call to /admin/v1: the answer's `data` parsed by `data`, or an error. */
export type AdminCall = <S extends v.GenericSchema>(
  method: 'GET' | 'POST',
  path: string,
  data: S,
  body?: unknown,
) => Promise<v.InferOutput<S>>;

export function createAdminCall(apiUrl: string, token: string): AdminCall {
  return async function call<S extends v.GenericSchema>(
    method: 'GET' | 'POST',
    path: string,
    data: S,
    body?: unknown,
  ): Promise<v.InferOutput<S>> {
    const url = new URL(path, apiUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          lang: 'EN',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new ServerUnreachableError(
        `Cannot reach the server at ${apiUrl} (${describe(error)}). Is it running?`,
      );
    }
    const text = await response.text();
    const envelope = v.safeParse(anyApiResponseSchema, safeJson(text));
    if (!envelope.success) {
      throw new AdminRequestError(
        `Unexpected answer (HTTP ${response.status}): ${text.slice(0, 200)}`,
        response.status,
        null,
      );
    }
    const { code, message } = envelope.output;
    if (!response.ok || code !== SUCCESS_CODE)
      throw new AdminRequestError(message, response.status, code);
    const parsed = v.safeParse(data, envelope.output.data);
    if (!parsed.success)
      throw new AdminRequestError(
        `Unexpected answer: ${v.summarize(parsed.issues)}`,
        response.status,
        code,
      );
    return parsed.output;
  };
}

export function createAdminClient(apiUrl: string, token: string): AdminClient {
  const call = createAdminCall(apiUrl, token);
  return {
    listUsers: (page, pageSize) =>
      call('GET', `${adminPaths.users}?page=${page}&page_size=${pageSize}`, adminUsersDataSchema),
    credit: (request) => call('POST', adminPaths.credit, creditDataSchema, request),
    listWithdrawals: (page, pageSize, status) => {
      const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
      if (status) query.set('status', status);
      return call('GET', `${adminPaths.withdrawals}?${query}`, adminWithdrawalsDataSchema);
    },
    completeWithdrawal: (request) =>
      call('POST', adminPaths.withdrawalComplete, withdrawalFinishDataSchema, request),
    failWithdrawal: (request) =>
      call('POST', adminPaths.withdrawalFail, withdrawalFinishDataSchema, request),
    markWithdrawalUnknown: (request) =>
      call('POST', adminPaths.withdrawalUnknown, withdrawalFinishDataSchema, request),
    checkLedger: () => call('GET', adminPaths.ledgerCheck, ledgerCheckDataSchema),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
}
