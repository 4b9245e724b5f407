// A cap on open connections per client IP, so one client cannot hold every socket the
// process can keep (slow clients are cut off by the timeouts; this bounds how many at once).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Stops counting a connection against its address's cap (set on each counted connection). */
const uncount = Symbol('uncount connection');
type CountedSocket = Socket & { [uncount]?: () => void };

/**
 * Calls `refuse` for a connection beyond `max` open ones from the same address, instead of
 * handing it to the HTTP server: a refused connection gets no HTTP parser, so nothing it sends
 * reaches a route, and `refuse` alone answers it. Call it before anything else listens for
 * connections (right after the server is made): those listeners are the ones it guards.
 */
export function limitConnectionsPerIp(
  server: Server,
  max: number,
  refuse: (socket: Socket) => void,
): void {
  if (max <= 0) return;
  const accept = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      refuse(socket);
      return;
    }
    open.set(address, count);
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    };
    (socket as CountedSocket)[uncount] = release;
    socket.once('close', release);
    for (const listener of accept) listener.call(server, socket);
  });
}

/**
 * The connection became a realtime socket: it no longer counts as an HTTP connection (the
 * realtime hub caps sockets per address on its own, higher: many phones share a carrier's
 * address, and a socket stays open for as long as the app does).
 */
export function stopCountingConnection(socket: Socket): void {
  (socket as CountedSocket)[uncount]?.();
}
