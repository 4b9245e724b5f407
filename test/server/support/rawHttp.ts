// HTTP over a bare TCP socket, for requests fetch() will not send (a forged, empty or
// malformed Host header, a broken request line, slow or stalled clients).
import net from 'node:net';

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
  /** Milliseconds from connecting to the close (or to giving up). */
  elapsedMs: number;
}

export function parseRawAnswer(text: string): Omit<RawAnswer, 'closed' | 'elapsedMs'> {
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
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ ...parseRawAnswer(text), closed, elapsedMs: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
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
