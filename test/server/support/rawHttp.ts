// HTTP over a bare TCP socket, for requests fetch() will not send (a forged, empty or
// malformed Host header, a broken request line, pipelined requests, slow or stalled clients).
import net from 'node:net';
import { Worker } from 'node:worker_threads';

export interface RawAnswer {
  /** 0 when the server closed the connection without answering. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The JSON body, or undefined. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  /** Whether the server closed the connection (rather than our time running out). */
  closed: boolean;
  /** The socket error the client saw (e.g. ECONNRESET when the server reset it), if any. */
  error?: string;
  /** Everything the server sent (several answers when requests were pipelined). */
  text: string;
  /** Milliseconds from connecting to the close (or to giving up). */
  elapsedMs: number;
}

type ParsedAnswer = Omit<RawAnswer, 'closed' | 'elapsedMs' | 'error' | 'text'>;

export function parseRawAnswer(text: string): ParsedAnswer {
  const split = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/') || split < 0)
    return { status: 0, headers: {}, body: '', json: undefined };
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = text.slice(split + 4);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body, json };
}

/** Every answer in `text`, in order (answers to pipelined requests), each cut at its Content-Length. */
export function parseRawAnswers(text: string): ParsedAnswer[] {
  const answers: ParsedAnswer[] = [];
  let rest = Buffer.from(text, 'utf8');
  while (rest.length > 0) {
    const split = rest.indexOf('\r\n\r\n');
    const head = parseRawAnswer(`${rest.subarray(0, split < 0 ? rest.length : split + 4)}`);
    const length = Number(head.headers['content-length'] ?? Number.NaN);
    if (!head.status || !Number.isFinite(length)) {
      answers.push(parseRawAnswer(rest.toString('utf8')));
      break;
    }
    const end = split + 4 + length;
    answers.push(parseRawAnswer(rest.subarray(0, end).toString('utf8')));
    rest = rest.subarray(end);
  }
  return answers;
}

export interface RawExchange {
  socket: net.Socket;
  /** Resolves when the server closes the socket, or after `giveUpMs` (then `closed` is false). */
  answer: Promise<RawAnswer>;
}

/** Opens a connection to `baseUrl`; the caller writes to `socket` as slowly as it likes. */
export async function openRaw(baseUrl: string, giveUpMs = 5000): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const started = Date.now();
  const answer = new Promise<RawAnswer>((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({
        ...parseRawAnswer(text),
        text,
        closed,
        elapsedMs: Date.now() - started,
        ...(error === undefined ? {} : { error }),
      });
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
    });
    socket.once('close', () => finish(true));
  });
  return { socket, answer };
}

/** Sends `request` as is and reads the answer; the connection is closed after one answer. */
export async function rawRequest(baseUrl: string, request: string): Promise<RawAnswer> {
  const { socket, answer } = await openRaw(baseUrl);
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    // One complete answer is enough: the server may keep the connection open.
    const parsed = parseRawAnswer(text);
    const length = Number(parsed.headers['content-length'] ?? Number.NaN);
    if (parsed.status && Buffer.byteLength(parsed.body) >= length) socket.end();
  });
  socket.write(request);
  return answer;
}

/** A GET with exactly the given headers (no Host unless listed). */
export function rawGet(baseUrl: string, path: string, headers: string[]): Promise<RawAnswer> {
  return rawRequest(
    baseUrl,
    [`GET ${path} HTTP/1.1`, ...headers, 'Connection: close', '', ''].join('\r\n'),
  );
}

// The client of sendBeforeAccept, in a thread of its own: plain JavaScript.
const EARLY_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const sent = new Int32Array(workerData.sent);
const socket = net.connect({ host: workerData.host, port: workerData.port });
const chunks = [];
let error;
const signal = () => { Atomics.store(sent, 0, 1); Atomics.notify(sent, 0); };
socket.on('connect', () => socket.write(workerData.request, signal));
socket.on('data', (chunk) => chunks.push(chunk));
socket.on('error', (failure) => { error = failure.code || failure.message; signal(); });
socket.on('close', () => parentPort.postMessage({ text: Buffer.concat(chunks).toString('utf8'), error }));
`;

/**
 * Sends `request` on a new connection before the server has taken it, as a client does while
 * a busy server has not got round to accepting: this thread (the server's, in tests) stops
 * until the request is on its way, so the connection reaches the server with it already
 * waiting. Answers what the client read and the socket error it saw, if any.
 */
export async function sendBeforeAccept(
  baseUrl: string,
  request: string,
): Promise<Omit<RawAnswer, 'closed' | 'elapsedMs' | 'text'>> {
  const { hostname, port } = new URL(baseUrl);
  const sent = new SharedArrayBuffer(4);
  const worker = new Worker(EARLY_CLIENT, {
    eval: true,
    workerData: { sent, host: hostname.replace(/^\[|\]$/g, ''), port: Number(port), request },
  });
  const result = new Promise<{ text: string; error?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  // Bounded, so a client that never connects fails the test rather than hanging it.
  Atomics.wait(new Int32Array(sent), 0, 0, 5000);
  try {
    const { text, error } = await result;
    return { ...parseRawAnswer(text), ...(error === undefined ? {} : { error }) };
  } finally {
    await worker.terminate();
  }
}
