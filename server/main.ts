// Starts the reference server: `node server/main.ts` (or `npm start`, which builds first).
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { buildApp, type RouteSummary } from './app.ts';
import { areaCatalogue, backgroundJobs } from './areas.ts';
import type { BackgroundJob } from './backgroundJob.ts';
import { startBackgroundJobs, type JobOutcome } from './backgroundJobs.ts';
import { startEmbeddedChain, type EmbeddedChain } from './chain/embedded.ts';
import { cardContext } from './card/cardContext.ts';
import {
  checkSettings,
  ConfigError,
  envelopeSetting,
  type ChainSettings,
  type ServerSettings,
} from './config.ts';
import { readSettings } from './settings.ts';
import { ensureDataDir, resolveAdminToken } from './dataDir.ts';
import { openDatabase, type AppDatabase } from './db/database.ts';
import type { HttpContext } from './http/httpContext.ts';
import { keySealFor } from './envelope/keySeal.ts';
import { keyRotateJob, sealStoredKeys } from './envelope/keys.ts';
import { noncePruneJob } from './envelope/nonces.ts';
import { startEnvelope, type EnvelopeService } from './envelope/service.ts';
import { monitorEventLoop } from './http/loadShedding.ts';
import { rateLimiterFor } from './http/rateLimiter.ts';
import { createReplies } from './http/replies.ts';
import { loadTranslator } from './i18n/catalogs.ts';
import { createServerMetrics } from './metrics/serverMetrics.ts';
import { startRealtime, type RealtimeServer } from './realtime/socketRoutes.ts';

export interface StartServerOptions extends Partial<
  Omit<ServerSettings, 'chain' | 'payments' | 'rateLimits' | 'timeouts' | 'operations'>
> {
  chain?: Partial<ChainSettings>;
  payments?: Partial<ServerSettings['payments']>;
  rateLimits?: Partial<ServerSettings['rateLimits']>;
  timeouts?: Partial<ServerSettings['timeouts']>;
  operations?: Partial<ServerSettings['operations']>;
  /** Environment to read settings from; options given here win. Default: process.env. */
  env?: Record<string, string | undefined>;
  /** The clock. Tests pass one they can move. */
  now?: () => Date;
  /** Fastify/pino logger options; off unless given. */
  logger?: FastifyServerOptions['logger'];
  /**
   * The background jobs to schedule; default: every area's (areas.ts) and the envelope's
   * nonce prune and key rotation. Tests add their own.
   */
  jobs?: readonly BackgroundJob[];
}

export interface RunningServer {
  /** http://host:port, with the port actually bound (useful with port 0). */
  url: string;
  settings: ServerSettings;
  adminToken: string;
  /** Whether a built app (dist/) is being served next to the API. */
  servesApp: boolean;
  /** The database, for tests and tools that check invariants directly. */
  db: AppDatabase;
  /** Every route the server registered (method and URL pattern), e.g. for the fuzz test. */
  routes: readonly RouteSummary[];
  /** Start-up facts worth a line on the console (database, catalogs, warnings). */
  notes: string[];
  /**
   * Runs a scheduled job now, as its timer would: on PostgreSQL it is skipped when another
   * process is running it or ran it within its interval (backgroundJobs.ts).
   */
  runJob(name: string): Promise<JobOutcome>;
  /**
   * Stops: at once readiness says 503, requests are still served for the shutdown drain
   * (SHUTDOWN_DRAIN_SECONDS, so a balancer can take the process out), then open requests
   * finish and everything closes. Called again while draining, it stops draining.
   */
  close(): Promise<void>;
}

function mergeSettings(options: StartServerOptions): ServerSettings {
  const {
    chain,
    payments,
    rateLimits,
    timeouts,
    operations,
    env,
    now: _now,
    logger: _logger,
    jobs: _jobs,
    ...overrides
  } = options;
  const environment = env ?? process.env;
  const fromEnv = readSettings(environment);
  const defined = Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined),
  );
  const settings = {
    ...fromEnv,
    ...defined,
    chain: { ...fromEnv.chain, ...chain },
    payments: { ...fromEnv.payments, ...payments },
    rateLimits: { ...fromEnv.rateLimits, ...rateLimits },
    timeouts: { ...fromEnv.timeouts, ...timeouts },
    operations: { ...fromEnv.operations, ...operations },
  };
  // Unless ENVELOPE (or the option) says, the envelope follows the final PUBLIC_URL.
  if (overrides.envelope === undefined)
    settings.envelope = envelopeSetting(environment, settings.publicUrl);
  checkSettings(settings);
  return settings;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const settings = mergeSettings(options);
  settings.dataDir = ensureDataDir(settings.dataDir);
  const adminToken = resolveAdminToken(settings.dataDir, settings.adminToken);
  const translator = await loadTranslator(settings.localesDir);
  const db = await openDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl });
  const now = options.now ?? (() => new Date());
  const monitor = monitorEventLoop();
  // The metrics' log, once Fastify has made the logger.
  const metricsLog: { to?: FastifyBaseLogger } = {};
  let stopping = false;
  const metrics = createServerMetrics({
    db,
    now,
    eventLoopLagMs: () => monitor.lagMs,
    warn: (error, what) => metricsLog.to?.warn({ err: error }, what),
  });
  let envelope: EnvelopeService | undefined;
  try {
    // The keys first: a process with the envelope on never answers without them. Keys stored
    // in the clear, or under the previous key-encryption key, are sealed anew, whether the
    // envelope is on or not; a key this process cannot open stops it here.
    const keySeal = keySealFor(settings);
    await sealStoredKeys(db, keySeal);
    if (settings.envelope)
      envelope = await startEnvelope({
        db,
        seal: keySeal,
        now,
        graceSeconds: settings.envelopeKeyGraceSeconds,
        warn: (error, what) => metricsLog.to?.warn({ err: error }, what),
      });
  } catch (error) {
    monitor.stop();
    await db.close();
    throw error;
  }
  const context: HttpContext = {
    envelope,
    settings,
    adminToken,
    db,
    translator,
    replies: createReplies(translator),
    now,
    areas: areaCatalogue,
    rateLimiter: rateLimiterFor(db, settings.rateLimits, now, metrics.rateLimitRefused),
    metrics,
  };
  let built;
  let realtime: RealtimeServer | undefined;
  try {
    // The card data key is read now: a missing or unsafe key stops the start, rather than
    // failing the first card request.
    cardContext(context);
    built = await buildApp(context, options.logger ?? false, {
      monitor,
      stopping: () => stopping,
    });
    realtime = await startRealtime(context, built.app.server, built.app.log);
    await built.app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await realtime?.close();
    await built?.app.close();
    envelope?.stop();
    monitor.stop();
    await db.close();
    throw error;
  }
  const { app, servesApp, routes } = built;
  metricsLog.to = app.log;
  const notes = [
    `Database: ${db.description}; catalogs: ${translator.loadedLocales.join(', ') || 'none'}`,
  ];
  if (envelope)
    notes.push(
      'Request envelope: on (ENVELOPE, or a public PUBLIC_URL); keys ' +
        (await envelope.keys.list())
          .filter((key) => key.status !== 'retired')
          .map((key) => `${key.keyId} (${key.status})`)
          .join(', '),
    );

  const jobs = await startBackgroundJobs(
    context,
    app.log,
    options.jobs ?? [...backgroundJobs, noncePruneJob, keyRotateJob],
  );
  let closing: Promise<void> | undefined;
  let endDrain = () => {};

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}`,
    settings,
    adminToken,
    servesApp,
    db,
    routes,
    notes,
    runJob: (name) => jobs.runNow(name),
    close() {
      if (closing) {
        endDrain();
        return closing;
      }
      stopping = true;
      const drained = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, settings.operations.shutdownDrainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      closing = (async () => {
        await drained;
        // Sockets first (1012: come back), or the HTTP server would wait for them.
        await realtime!.close();
        await jobs.stop();
        await app.close();
        envelope?.stop();
        monitor.stop();
        await db.close();
      })();
      return closing;
    },
  };
}

/** Starts from the environment, prints where, and shuts down cleanly on SIGINT/SIGTERM. */
export async function runFromCommandLine(): Promise<void> {
  let server: RunningServer;
  let embedded: EmbeddedChain | null = null;
  try {
    const fromEnv = readSettings(process.env);
    // Without CHAIN_RPC_URL, a local chain runs beside the server, and stops with it.
    if (fromEnv.chain.embedded)
      embedded = await startEmbeddedChain(ensureDataDir(fromEnv.dataDir), fromEnv.chain);
    // Through process.stdout, like console.log, so lines come out in the order written.
    server = await startServer({
      logger: { level: fromEnv.logLevel, stream: process.stdout },
      ...(embedded ? { chain: { rpcUrl: embedded.node.rpcUrl, treasury: embedded.treasury } } : {}),
    });
  } catch (error) {
    await embedded?.node.stop();
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  }
  if (embedded) console.log(embedded.note);
  for (const note of server.notes) console.log(note);
  if (!server.servesApp)
    console.log('No built app in dist/: serving the API only (npm start builds it).');
  // Last, so it is the line a person looks for.
  console.log(`JU Wallet is running at ${server.url}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    const drainSeconds = server.settings.operations.shutdownDrainMs / 1000;
    console.log(
      drainSeconds > 0
        ? `${signal}: not ready any more; still serving for ${drainSeconds} s, then finishing open requests and stopping…`
        : `${signal}: finishing open requests, then stopping…`,
    );
    server
      .close()
      .then(() => embedded?.node.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (import.meta.main) await runFromCommandLine();
