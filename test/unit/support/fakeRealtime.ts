// A clock, a socket and the browser's signals for the realtime hub (src/realtime/hub.ts), all
// driven by the test: time moves only when the test says, the server side of each socket is
// played by the test, and the network and the page come and go on demand.
import type {
  HubClock,
  HubSignals,
  HubSocket,
  SocketListeners,
} from '../../../src/realtime/hub.ts';

interface Timer {
  at: number;
  order: number;
  run: () => void;
}

/**
 * A clock whose timers run only in `advance`, in the order they are due. `sleep` lets time pass
 * with no timer running (a device asleep, a page whose timers the browser held back): the
 * overdue ones run, late and in order, at the next `advance`.
 */
export class FakeClock implements HubClock {
  private time = 1_000_000;
  private count = 0;
  private readonly timers = new Map<number, Timer>();

  now = (): number => this.time;

  setTimeout = (run: () => void, ms: number): unknown => {
    const id = ++this.count;
    this.timers.set(id, { at: this.time + Math.max(0, ms), order: id, run });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.timers.entries()]
        .filter(([, timer]) => timer.at <= end)
        .sort(([, a], [, b]) => a.at - b.at || a.order - b.order)[0];
      if (!next) break;
      const [id, timer] = next;
      this.timers.delete(id);
      this.time = Math.max(this.time, timer.at);
      timer.run();
    }
    this.time = end;
  }

  sleep(ms: number): void {
    this.time += ms;
  }

  /** How many timers are waiting. */
  get waiting(): number {
    return this.timers.size;
  }
}

/** One socket, with the server's side played by the test. */
export class FakeSocket implements HubSocket {
  readonly sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;

  readonly url: string;
  private readonly on: SocketListeners;

  constructor(url: string, on: SocketListeners) {
    this.url = url;
    this.on = on;
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(code: number): void {
    this.closedWith = code;
  }

  get ticket(): string | null {
    return new URL(this.url).searchParams.get('token');
  }

  requests(method: string): Record<string, unknown>[] {
    return this.sent.filter((message) => message.method === method);
  }

  lastRequest(method: string): Record<string, unknown> {
    const request = this.requests(method).at(-1);
    if (!request) throw new Error(`no ${method} sent`);
    return request;
  }

  // The server's side.
  open(): void {
    this.on.open();
  }

  answer(method: string, result: unknown): void {
    this.on.message(JSON.stringify({ result, id: this.lastRequest(method).id }));
  }

  refuse(method: string, code: string): void {
    this.on.message(
      JSON.stringify({ error: { code, msg: code }, id: this.lastRequest(method).id }),
    );
  }

  push(message: unknown): void {
    this.on.message(JSON.stringify(message));
  }

  closeFromServer(code: number): void {
    this.on.close(code);
  }
}

/** The browser's network and page, switched by the test. */
export class FakeSignals implements HubSignals {
  isOnline = true;
  private readonly listeners = new Set<{ online(): void; offline(): void; visible(): void }>();

  online = (): boolean => this.isOnline;

  watch(on: { online(): void; offline(): void; visible(): void }): () => void {
    this.listeners.add(on);
    return () => this.listeners.delete(on);
  }

  goOffline(): void {
    this.isOnline = false;
    for (const on of this.listeners) on.offline();
  }

  goOnline(): void {
    this.isOnline = true;
    for (const on of this.listeners) on.online();
  }

  showPage(): void {
    for (const on of this.listeners) on.visible();
  }

  get watchers(): number {
    return this.listeners.size;
  }
}

/** A socket factory that keeps every socket it opens, the newest last. */
export function socketFactory() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    openSocket: (url: string, on: SocketListeners): HubSocket => {
      const socket = new FakeSocket(url, on);
      sockets.push(socket);
      return socket;
    },
    get last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket opened');
      return socket;
    },
  };
}

/** Lets the promise chains the hub started (a ticket request) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
