// With the envelope on, the network shows only sealed POSTs to one endpoint. A browser test
// still needs to see the calls inside — what the app asked, what the server answered — and at
// times to drop or replace one. The test holds the server's keys, so it opens each sealed
// request (and, with the request's HPKE context, its sealed answer) as the server would.
import type { Page, Request, Route } from 'playwright-core';
import {
  openResponse,
  sealResponse,
  type OpenedRequest,
} from '../../../contract/api/envelope/envelopeMessage.ts';
import type { ExchangeContext, GatewayKey } from '../../../contract/api/envelope/ohttp.ts';
import { ENVELOPE_PATH } from '../../../contract/api/envelope/transport.ts';
import { nodeCrypto } from '../../../server/envelope/nodeCrypto.ts';
import { openCapturedRequest } from '../../server/support/envelopeClient.ts';

const crypto = nodeCrypto();

export interface InnerCall {
  method: string;
  /** Path and query, as the app asked. */
  path: string;
  /** The path alone. */
  pathname: string;
  headers: Record<string, string>;
  body: Uint8Array;
  json<T = unknown>(): T;
}

export interface InnerAnswer {
  call: InnerCall;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  json<T = unknown>(): T;
}

type Match = string | ((call: InnerCall) => boolean);

/** What a routed call gets instead of the server: a lost connection, or this answer. */
export type InnerRouteAction = 'abort' | { status: number; json: unknown };

const decoder = new TextDecoder();
const jsonOf = (bytes: Uint8Array) => JSON.parse(decoder.decode(bytes)) as never;

function innerCall(request: OpenedRequest): InnerCall {
  return {
    method: request.method,
    path: request.path,
    pathname: new URL(request.path, 'https://inner.invalid').pathname,
    headers: { ...request.headers },
    body: request.body,
    json: () => jsonOf(request.body),
  };
}

function matches(match: Match, call: InnerCall): boolean {
  return typeof match === 'string' ? call.pathname === match : match(call);
}

const isSealed = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === ENVELOPE_PATH;

export interface InnerCalls {
  /** Every call the page has sent so far, in order (each opened: hence a promise). */
  sent(): Promise<InnerCall[]>;
  /** The calls sent so far to this path, or that `match` accepts. */
  sentTo(match: Match): Promise<InnerCall[]>;
  /**
   * The next answer to a call to this path, or the next answer `match` accepts, from now on
   * (start waiting before the action).
   */
  waitForAnswer(
    match: string | ((answer: InnerAnswer) => boolean),
    timeoutMs?: number,
  ): Promise<InnerAnswer>;
  /** The next matching call sent, from now on. */
  waitForCall(match: Match, timeoutMs?: number): Promise<InnerCall>;
  /** Drops or answers matching calls instead of the server, `times` times (default: always). */
  route(match: Match, action: InnerRouteAction, options?: { times?: number }): Promise<void>;
  /** Ends every `route`. */
  unrouteAll(): Promise<void>;
}

type KeySource = () => Promise<readonly GatewayKey[]>;

const watched = new WeakMap<Page, InnerCalls>();
const keysByOrigin = new Map<string, (keyId: number) => Promise<readonly GatewayKey[]>>();

/** Where the server at `origin` keeps its keys (browserApp.ts sets its server's). */
export function readKeysOf(origin: string, source: KeySource): void {
  let cached: Promise<readonly GatewayKey[]> | null = null;
  // Read once, and again when a request names a key not read yet (a rotation).
  keysByOrigin.set(new URL(origin).origin, async (keyId) => {
    const keys = await (cached ??= source());
    return keys.some((key) => key.config.keyId === keyId) ? keys : (cached = source());
  });
}

function keysFor(url: string, keyId: number): Promise<readonly GatewayKey[]> {
  const origin = new URL(url).origin;
  const keys = keysByOrigin.get(origin);
  if (!keys) return Promise.reject(new Error(`no server keys known for ${origin}`));
  return keys(keyId);
}

/** The page's inner calls, watched from the first time this is asked for that page on. */
export function callsOf(page: Page): InnerCalls {
  let calls = watched.get(page);
  if (!calls) {
    calls = watchInnerCalls(page);
    watched.set(page, calls);
  }
  return calls;
}

function watchInnerCalls(page: Page): InnerCalls {
  const opened = new WeakMap<Request, Promise<{ call: InnerCall; context: ExchangeContext }>>();
  // Pushed as each request leaves, so none is missed while it is being opened.
  const leaving: Promise<InnerCall | null>[] = [];
  const sent = async () =>
    (await Promise.all(leaving)).filter((call): call is InnerCall => call !== null);
  const callWaiters = new Set<(call: InnerCall) => void>();
  const answerWaiters = new Set<(answer: InnerAnswer) => void>();

  async function open(url: string, body: Buffer) {
    const live = await keysFor(url, body[0] ?? -1);
    const { request, context } = openCapturedRequest(live, new Uint8Array(body));
    return { call: innerCall(request), context };
  }

  function openOnce(request: Request) {
    let inner = opened.get(request);
    if (!inner) {
      inner = open(request.url(), request.postDataBuffer() ?? Buffer.alloc(0));
      opened.set(request, inner);
    }
    return inner;
  }

  page.on('request', (request) => {
    if (!isSealed(request)) return;
    leaving.push(
      openOnce(request).then(
        ({ call }) => {
          for (const waiter of callWaiters) waiter(call);
          return call;
        },
        () => null, // not a request the server can open either: nothing to report
      ),
    );
  });
  page.on('response', (response) => {
    const request = response.request();
    if (!isSealed(request) || response.status() !== 200) return;
    void Promise.all([openOnce(request), response.body()]).then(
      ([{ call, context }, body]) => {
        const answer = openResponse(crypto, context, new Uint8Array(body));
        const inner: InnerAnswer = {
          call,
          status: answer.status,
          headers: { ...answer.headers },
          body: answer.body,
          json: () => jsonOf(answer.body),
        };
        for (const waiter of answerWaiters) waiter(inner);
      },
      () => undefined,
    );
  });

  function waitFor<T>(
    waiters: Set<(value: T) => void>,
    accepts: (value: T) => boolean,
    what: string,
    timeoutMs: number,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = (value: T) => {
        if (!accepts(value)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(value);
      };
      waiters.add(waiter);
    });
  }

  const handlers: ((route: Route) => Promise<void>)[] = [];

  return {
    sent,
    sentTo: async (match) => (await sent()).filter((call) => matches(match, call)),
    waitForAnswer: (match, timeoutMs = 30_000) =>
      waitFor(
        answerWaiters,
        (answer) => (typeof match === 'string' ? answer.call.pathname === match : match(answer)),
        `answer to ${String(match)}`,
        timeoutMs,
      ),
    waitForCall: (match, timeoutMs = 30_000) =>
      waitFor(callWaiters, (call) => matches(match, call), `call to ${String(match)}`, timeoutMs),
    async route(match, action, options = {}) {
      let left = options.times ?? Infinity;
      const handler = async (route: Route) => {
        const { call, context } = await openOnce(route.request());
        if (left <= 0 || !matches(match, call)) return route.fallback();
        left -= 1;
        if (action === 'abort') return route.abort('internetdisconnected');
        const sealed = sealResponse(crypto, context, {
          status: action.status,
          headers: { 'content-type': 'application/json' },
          body: new TextEncoder().encode(JSON.stringify(action.json)),
        });
        return route.fulfill({
          status: 200,
          contentType: 'message/ohttp-res',
          body: Buffer.from(sealed),
        });
      };
      handlers.push(handler);
      await page.route(`**${ENVELOPE_PATH}`, handler);
    },
    async unrouteAll() {
      for (const handler of handlers.splice(0)) await page.unroute(`**${ENVELOPE_PATH}`, handler);
    },
  };
}
