// Starts the reference server: `node server/main.ts` (or `npm start`, which builds first).
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type RouteSummary } from './app.ts';
import { startEmbeddedChain, type EmbeddedChain } from './chain/embedded.ts';
import { startChainJobs } from './chain/jobs.ts';
import { deleteExpiredSessions } from './auth/sessions.ts';
import { cardContext } from './card/cardContext.ts';
import { sweepUploads, UPLOAD_SWEEP_INTERVAL_MS } from './card/uploads.ts';
import {
  checkSettings,
  ConfigError,
  readSettings,
  type ChainSettings,
  type ServerSettings,
} from './config.ts';
import type { ServerContext } from './context.ts';
import { ensureDataDir, resolveAdminToken } from './dataDir.ts';
import { openDatabase, type AppDatabase } from './db/database.ts';
import { AuthFailureLimiter } from './http/authenticate.ts';
import { createReplies } from './http/replies.ts';
import { loadTranslator } from './i18n/catalogs.ts';

const SESSION_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface StartServerOptions extends Partial<
  Omit<ServerSettings, 'chain' | 'payments' | 'rateLimits' | 'timeouts'>
> {
  chain?: Partial<ChainSettings>;
  payments?: Partial<ServerSettings['payments']>;
  rateLimits?: Partial<ServerSettings['rateLimits']>;
  timeouts?: Partial<ServerSettings['timeouts']>;
  /** Environment to read settings from; options given here win. Default: process.env. */
  env?: Record<string, string | undefined>;
  /** The clock. Tests pass one they can move. */
  now?: () => Date;
  /** Fastify/pino logger options; off unless given. */
  logger?: FastifyServerOptions['logger'];
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
  close(): Promise<void>;
}

function mergeSettings(options: StartServerOptions): ServerSettings {
  const {
    chain,
    payments,
    rateLimits,
    timeouts,
    env,
    now: _now,
    logger: _logger,
    ...overrides
  } = options;
  const fromEnv = readSettings(env ?? process.env);
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
  };
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
  const context: ServerContext = {
    settings,
    adminToken,
    db,
    translator,
    replies: createReplies(translator),
    now,
    authFailures: new AuthFailureLimiter(settings.rateLimits.authFailures, now),
  };
  let built;
  try {
    // The card data key is read now: a missing or unsafe key stops the start, rather than
    // failing the first card request.
    cardContext(context);
    built = await buildApp(context, options.logger ?? false);
    await built.app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await built?.app.close();
    await db.close();
    throw error;
  }
  const { app, servesApp, routes } = built;
  const notes = [
    `Database: ${db.description}; catalogs: ${translator.loadedLocales.join(', ') || 'none'}`,
  ];
  if (settings.envelope)
    notes.push('ENVELOPE is set, but the envelope is not available yet: requests stay plain');

  const sweep = setInterval(() => {
    deleteExpiredSessions(db, context.now()).catch((error: unknown) =>
      app.log.error({ err: error }, 'session sweep'),
    );
  }, SESSION_SWEEP_INTERVAL_MS);
  sweep.unref();
  const chainJobs = startChainJobs(context, app.log);
  // Expired upload slots and identity photos never used by a holder go on start and then
  // regularly, whether or not their user comes back.
  let cardSweeping: Promise<void> = Promise.resolve();
  const sweepCardUploads = () => {
    cardSweeping = cardSweeping
      .then(() => sweepUploads(cardContext(context), context.now()))
      .catch((error: unknown) => app.log.error({ err: error }, 'card upload sweep'));
    return cardSweeping;
  };
  await sweepCardUploads();
  const cardSweep = setInterval(sweepCardUploads, UPLOAD_SWEEP_INTERVAL_MS);
  cardSweep.unref();

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
    async close() {
      clearInterval(sweep);
      await chainJobs.stop();
      clearInterval(cardSweep);
      await cardSweeping;
      await app.close();
      await db.close();
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
    console.log(`${signal}: finishing open requests, then stopping…`);
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
