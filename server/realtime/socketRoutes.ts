// The realtime socket at REALTIME_PATH: the upgrade of the HTTP server's connections (the
// `ws` package, without a server of its own), who may open one, and shutting them all down.
// Checked in this order, each refusal as plain as the client can use:
//   - another path, a server stopping, an unknown site, an address over its socket cap:
//     HTTP refusal of the upgrade (404, 503, 400, 429);
//   - an Origin not the site's: the socket opens and closes at once with 4003;
//   - a missing, unknown, used or expired ticket: closes with 4001 (fetch a new ticket);
//   - too many sockets for the user or the session on this process: closes with 4009.
// A browser sees no HTTP status of a refused upgrade, only an abnormal close: the codes that
// tell the app what to do come in a close frame.
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOSE_CODES } from '../../contract/api/realtime.ts';
import type { ApiErrorName } from '../../contract/api/errors.ts';
import { sessionCacheOf } from '../sessions/sessionCache.ts';
import { stopCountingConnection } from '../http/connectionLimit.ts';
import type { HttpContext } from '../http/httpContext.ts';
import { answerAndClose, rawErrorResponse } from '../http/lowLevelErrors.ts';
import { originAllowed, siteOfUpgrade } from '../http/origin.ts';
import { REALTIME_PATH } from '../http/runtimeConfig.ts';
import { inProcessFanout, postgresFanout, type Fanout } from './fanout.ts';
import { RealtimeHub } from './hub.ts';
import { redeemTicket, type TicketHolder } from './tickets.ts';

/** Frames beyond this are cut by `ws` itself (1009); below it, the message limit (4008) applies. */
const HARD_FRAME_LIMIT = 64 * 1024;
/** How long sockets get to finish the closing handshake at shutdown. */
const CLOSE_WAIT_MS = 1000;

export interface RealtimeServer {
  /** Closes every socket with 1012 (come back: the server restarts) and stops listening. */
  close(): Promise<void>;
}

/** Serves the realtime socket on `server` (call before it listens). */
export async function startRealtime(
  context: HttpContext,
  server: Server,
  log: FastifyBaseLogger,
): Promise<RealtimeServer> {
  const { settings, metrics, translator } = context;
  const limits = settings.realtime;
  const onError = (error: unknown, what: string) => log.error({ err: error }, what);
  const hub = new RealtimeHub(context, onError);
  const fanout: Fanout = settings.databaseUrl
    ? postgresFanout({
        databaseUrl: settings.databaseUrl,
        onReconnected: () => {
          metrics.realtime.listenerReconnected();
          log.info('realtime: listening to PostgreSQL again');
        },
        onError: (error) => log.warn({ err: error }, 'realtime: listening to PostgreSQL failed'),
      })
    : inProcessFanout(context.db);
  // The session cache hears the same signals, and trusts its copies through this listener.
  const sessions = sessionCacheOf(context.db);
  await fanout.start((signal) => {
    sessions.hear(signal);
    hub.onSignal(signal);
  });
  sessions.listenThrough(fanout);

  const sockets = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: HARD_FRAME_LIMIT,
    // Compression would cost each socket its own zlib state (hundreds of KB); events are small.
    perMessageDeflate: false,
  });
  const perAddress = new Map<string, number>();
  let stopping = false;

  const headerSettings = { chainRpcUrl: settings.chain.rpcUrl, publicUrl: settings.publicUrl };
  const refuse = (socket: Socket, name: ApiErrorName) => {
    socket.on('error', () => {});
    answerAndClose(socket, rawErrorResponse(translator, headerSettings, name));
  };
  /** Completes the handshake only to close with `code`: the one refusal a browser can read. */
  const openAndClose = (
    request: IncomingMessage,
    socket: Socket,
    head: Buffer,
    code: number,
    reason: string,
  ) => {
    stopCountingConnection(socket);
    sockets.handleUpgrade(request, socket, head, (ws) => {
      metrics.realtime.socketOpened();
      ws.once('close', (closedWith) => metrics.realtime.socketClosed(closedWith));
      ws.on('error', () => {});
      ws.close(code, reason);
    });
  };

  const upgrade = async (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    if (url.pathname !== REALTIME_PATH) return refuse(socket, 'not_found');
    if (stopping) return refuse(socket, 'server_busy');
    const site = siteOfUpgrade(request, settings.publicUrl);
    if (!site) return refuse(socket, 'host_not_allowed');
    const address = socket.remoteAddress ?? 'unknown';
    const open = perAddress.get(address) ?? 0;
    if (limits.maxSocketsPerIp > 0 && open >= limits.maxSocketsPerIp) {
      metrics.rateLimitRefused('realtimeSockets', 'ip');
      return refuse(socket, 'rate_limited');
    }
    if (!originAllowed(request.headers.origin, site, settings.publicUrl))
      return openAndClose(request, socket, head, CLOSE_CODES.originRefused, 'origin refused');

    // Counted from now, so sockets opening at once cannot pass the cap together.
    perAddress.set(address, open + 1);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    };
    socket.once('close', uncount);
    socket.on('error', () => {});

    const ticket = url.searchParams.get('token');
    let holder: TicketHolder | null;
    try {
      holder = ticket ? await redeemTicket(context.db, ticket, context.now()) : null;
    } catch (error) {
      onError(error, 'realtime: checking a ticket');
      uncount();
      return refuse(socket, 'server_busy');
    }
    if (!holder)
      return openAndClose(request, socket, head, CLOSE_CODES.ticketRefused, 'ticket refused');
    const held = hub.socketsOf(holder);
    if (held.user >= limits.maxSocketsPerUser || held.session >= limits.maxSocketsPerSession)
      return openAndClose(request, socket, head, CLOSE_CODES.tooManySockets, 'too many sockets');
    if (stopping) return refuse(socket, 'server_busy');
    stopCountingConnection(socket);
    sockets.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      if (stopping) return ws.close(CLOSE_CODES.serviceRestart, 'server restarting');
      hub.add(ws, holder);
    });
  };
  const onUpgrade = (request: IncomingMessage, socket: Socket, head: Buffer) =>
    void upgrade(request, socket, head);
  server.on('upgrade', onUpgrade);

  const sweep = setInterval(() => hub.tick(), limits.sweepMs);
  sweep.unref();

  return {
    async close() {
      stopping = true;
      clearInterval(sweep);
      await hub.closeAll(CLOSE_CODES.serviceRestart, 'server restarting', CLOSE_WAIT_MS);
      server.off('upgrade', onUpgrade);
      sessions.listenThrough(null);
      await fanout.close();
    },
  };
}
