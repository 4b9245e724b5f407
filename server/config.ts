// Server settings, read from the environment (see docs/operations.md for the table).
// Reading is pure; preparing the data directory and the admin token is in dataDir.ts. This
// file reads the infrastructure's settings; an area's own are declared by the area (its
// `settings` reader in area.ts, its type added to `AreaSettings`), and settings.ts reads
// them all, so nothing here names an area.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssetCode } from '../contract/api/assets.ts';
import type { WithdrawCoin } from '../contract/api/withdraw.ts';
import { parseAssetAmount } from '../contract/money/parseAmount.ts';
import { toChecksumAddress, isValidAddress } from '../contract/wallet/address.ts';
import { isLoopbackHost } from './loopbackHost.ts';
import { readRealtimeSettings, type RealtimeSettings } from './realtime/settings.ts';

// The built app and the catalogs live in the repository, wherever the server is started from.
const REPOSITORY_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface RateLimitSetting {
  /** Requests allowed per client IP within the window. */
  max: number;
  windowMs: number;
}

export interface TimeoutSettings {
  /** The whole request (headers and body) must arrive within this. */
  requestMs: number;
  /** The request headers must arrive within this. */
  headersMs: number;
  /** A connection with no traffic at all is closed after this. */
  idleMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

/** Running behind a load balancer: load shedding, draining, background checks. */
export interface OperationSettings {
  /** Mean event-loop delay beyond which requests are refused (503, Retry-After); 0: never. */
  maxEventLoopLagMs: number;
  /** After a stop signal: how long readiness says 503 while requests are still served. */
  shutdownDrainMs: number;
  /** How often the ledger is checked in the background (ledger check); 0: never. */
  ledgerCheckMs: number;
  /** How often the team figures' deltas are folded (users/teamFigures.ts); 0: never. */
  teamFoldMs: number;
}

export interface ChainSettings {
  id: number;
  name: string;
  rpcUrl: string;
  tokenSymbol: string;
  explorerUrl: string | null;
  /** Where payments on chain go (EIP-55); null: the server takes no payments on chain. */
  treasury: string | null;
  /** Blocks a payment needs (its own included) before it counts. */
  confirmations: number;
  /** CHAIN_RPC_URL unset: `npm start` runs a local chain and points rpcUrl at it. */
  embedded: boolean;
  /** The embedded chain's port: fixed, so a wallet's saved network stays right. */
  embeddedPort: number;
}

/** One withdrawable coin: what the withdrawal form's notice shows, and what it costs. */
export interface WithdrawCoinSettings {
  network: string;
  /** Units of the coin, taken on top of the amount. */
  fee: bigint;
  /** Units; the smallest amount a user may withdraw. */
  minimum: bigint;
  processingHours: number;
  /** Prefix of a transaction's page on the chain explorer; the txid is appended. */
  explorerTxUrl: string | null;
}

/**
 * The areas' own settings, by the key each declares: an area adds its entry with
 * `declare module '../config.ts' { interface AreaSettings { … } }` beside its reader.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas
export interface AreaSettings {}

/** Reads an area's settings; `read` reports a bad value the same way for every area. */
export type AreaSettingsReader = (read: SettingReaders) => Partial<AreaSettings>;

export interface SettingReaders {
  readonly env: Env;
  integer(name: string, fallback: number, min: number, max: number): number;
  /** A non-negative amount with 6 decimals, in units. */
  units(name: string, fallback: string): bigint;
  /** Throws the configuration error. */
  fail(message: string): never;
}

export interface ServerSettings extends AreaSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * The request envelope (docs/protocol.md "Request envelope"): on by default when PUBLIC_URL names a public
   * deployment, off on localhost; ENVELOPE=on|off decides either way.
   */
  envelope: boolean;
  /** After a key rotation, how long the previous envelope key keeps working, in seconds. */
  envelopeKeyGraceSeconds: number;
  /** Days between automatic envelope key rotations; 0: by hand only. */
  envelopeKeyRotateDays: number;
  /**
   * The key that seals the envelope's secret keys in the database (32 bytes, base64 or hex),
   * from ENVELOPE_KEY_SECRET; else DATA_DIR/envelope-key-secret (envelope/keySeal.ts).
   */
  envelopeKeySecret: string | null;
  /** The one it replaces, while it is being rotated: keys sealed with it are sealed anew. */
  envelopeKeySecretPrevious: string | null;
  /** From ADMIN_TOKEN; when null a token is generated once and kept in DATA_DIR/admin-token. */
  adminToken: string | null;
  chain: ChainSettings;
  /** Origin for links the server writes (invite links); else taken from each request. */
  publicUrl: string | null;
  sessionTtlSeconds: number;
  inviteRequired: boolean;
  /**
   * A WalletConnect Cloud project id: when set, the app offers WalletConnect to users without
   * a wallet in their browser (published in /config.json); null, and nothing of it loads.
   */
  walletConnectProjectId: string | null;
  rateLimits: {
    login: RateLimitSetting;
    loginMessage: RateLimitSetting;
    money: RateLimitSetting;
    /** Failed authentications (bad or expired session token, bad admin token) per client IP. */
    authFailures: RateLimitSetting;
    /** 'Has this address an account?' (isRegister), per client IP and per signed-in user:
     * enough to check a recipient or an invite code, too few to list who has an account. */
    isRegister: RateLimitSetting;
    /** Sealed requests the envelope refuses, per client IP; beyond it every one is 429. */
    envelopeRefusals: RateLimitSetting;
    /** Realtime socket tickets per signed-in user. */
    wsTicket: RateLimitSetting;
  };
  withdraw: Record<WithdrawCoin, WithdrawCoinSettings>;
  timeouts: TimeoutSettings;
  operations: OperationSettings;
  /** Open connections per client IP; 0 means no cap (e.g. behind a reverse proxy). */
  maxConnectionsPerIp: number;
  /** Trust X-Forwarded-* headers (client IP, protocol, host) from a reverse proxy. */
  trustProxy: boolean;
  /** The realtime hub's limits (realtime/settings.ts). */
  realtime: RealtimeSettings;
  /** The built app to serve; nothing is served when it does not exist. */
  distDir: string;
  /** The Lingui catalogs (`<locale>/messages.po`) used to localise messages. */
  localesDir: string;
  logLevel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const SECOND_MS = 1000;
/** An admin token shorter than this is refused: it would be guessable. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

/**
 * The settings from `env`: the infrastructure's, and each area's by the readers it declares
 * (settings.ts hands in every area's).
 */
export function readSettings(env: Env, areas: readonly AreaSettingsReader[]): ServerSettings {
  const read: SettingReaders = {
    env,
    integer: (name, fallback, min, max) => integer(env, name, fallback, min, max),
    units: (name, fallback) => units(env, name, 'JU', fallback),
    fail: (message) => {
      throw new ConfigError(message);
    },
  };
  // Each area's reader returns its own keys; the areas' registry fails start-up on a key twice.
  return Object.assign(readInfrastructureSettings(env), ...areas.map((reader) => reader(read)));
}

function readInfrastructureSettings(env: Env): Omit<ServerSettings, keyof AreaSettings> {
  return {
    port: integer(env, 'PORT', 8080, 0, 65_535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir: text(env, 'DATA_DIR') ?? './data',
    databaseUrl: text(env, 'DATABASE_URL'),
    envelope: envelopeSetting(env, publicUrl(env)),
    envelopeKeyGraceSeconds: integer(env, 'ENVELOPE_KEY_GRACE_SECONDS', 86_400, 60, 30 * 86_400),
    envelopeKeyRotateDays: integer(env, 'ENVELOPE_KEY_ROTATE_DAYS', 30, 0, 3650),
    envelopeKeySecret: text(env, 'ENVELOPE_KEY_SECRET'),
    envelopeKeySecretPrevious: text(env, 'ENVELOPE_KEY_SECRET_PREVIOUS'),
    adminToken: text(env, 'ADMIN_TOKEN'),
    chain: {
      id: integer(env, 'CHAIN_ID', 210_000, 1, Number.MAX_SAFE_INTEGER),
      name: text(env, 'CHAIN_NAME') ?? 'JuChain',
      rpcUrl: url(env, 'CHAIN_RPC_URL') ?? 'https://rpc.juchain.org',
      tokenSymbol: text(env, 'CHAIN_TOKEN_SYMBOL') ?? 'JU',
      explorerUrl: url(env, 'CHAIN_EXPLORER_URL'),
      treasury: address(env, 'CHAIN_TREASURY'),
      // The embedded chain mines a block per transaction and no other: one is all there is.
      confirmations: integer(
        env,
        'CHAIN_CONFIRMATIONS',
        text(env, 'CHAIN_RPC_URL') === null ? 1 : 2,
        1,
        1000,
      ),
      embedded: text(env, 'CHAIN_RPC_URL') === null,
      embeddedPort: integer(env, 'CHAIN_EMBEDDED_PORT', 8545, 0, 65_535),
    },
    publicUrl: publicUrl(env),
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 86_400, 60, 365 * 86_400),
    inviteRequired: flag(env, 'INVITE_REQUIRED', true),
    walletConnectProjectId: walletConnectProjectId(env),
    rateLimits: {
      login: {
        max: integer(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 20, 1, 1_000_000),
        windowMs: MINUTE_MS,
      },
      loginMessage: {
        max: integer(env, 'RATE_LIMIT_LOGIN_MESSAGE_PER_MINUTE', 30, 1, 1_000_000),
        windowMs: MINUTE_MS,
      },
      // Per signed-in user, across transfers and withdrawals.
      money: {
        max: integer(env, 'RATE_LIMIT_MONEY_PER_MINUTE', 30, 1, 1_000_000),
        windowMs: MINUTE_MS,
      },
      authFailures: {
        max: integer(env, 'RATE_LIMIT_AUTH_FAILURES_PER_MINUTE', 20, 1, 1_000_000),
        windowMs: MINUTE_MS,
      },
      // An hour, not a minute: what slows down listing users is the long run.
      isRegister: {
        max: integer(env, 'RATE_LIMIT_IS_REGISTER_PER_HOUR', 120, 1, 1_000_000),
        windowMs: HOUR_MS,
      },
      envelopeRefusals: {
        max: integer(env, 'ENVELOPE_REFUSALS_PER_MINUTE', 60, 1, 1_000_000),
        windowMs: MINUTE_MS,
      },
      wsTicket: {
        max: integer(env, 'RATE_LIMIT_WS_TICKET_PER_MINUTE', 30, 1, 1_000_000),
        windowMs: MINUTE_MS,
      },
    },
    withdraw: readWithdrawSettings(env),
    timeouts: {
      requestMs: integer(env, 'REQUEST_TIMEOUT_SECONDS', 30, 1, 3600) * SECOND_MS,
      headersMs: integer(env, 'HEADERS_TIMEOUT_SECONDS', 10, 1, 3600) * SECOND_MS,
      idleMs: integer(env, 'IDLE_TIMEOUT_SECONDS', 60, 1, 3600) * SECOND_MS,
      keepAliveMs: integer(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 5, 1, 3600) * SECOND_MS,
    },
    operations: {
      maxEventLoopLagMs: integer(env, 'MAX_EVENT_LOOP_LAG_MS', 500, 0, 600_000),
      shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 3600) * SECOND_MS,
      ledgerCheckMs: integer(env, 'LEDGER_CHECK_MINUTES', 60, 0, 7 * 24 * 60) * MINUTE_MS,
      teamFoldMs: integer(env, 'TEAM_FOLD_SECONDS', 2, 0, 3600) * SECOND_MS,
    },
    // Behind a proxy every connection comes from the proxy's address: no cap unless asked.
    maxConnectionsPerIp: integer(
      env,
      'MAX_CONNECTIONS_PER_IP',
      flag(env, 'TRUST_PROXY', false) ? 0 : 64,
      0,
      1_000_000,
    ),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    realtime: readRealtimeSettings(
      (name, fallback, min, max) => integer(env, name, fallback, min, max),
      flag(env, 'TRUST_PROXY', false),
    ),
    distDir: text(env, 'DIST_DIR') ?? path.join(REPOSITORY_ROOT, 'dist'),
    localesDir: text(env, 'LOCALES_DIR') ?? path.join(REPOSITORY_ROOT, 'locales'),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
  };
}

/**
 * Rules across settings, checked once they are final (environment and overrides merged):
 * the site must be pinned wherever other machines can reach the server, and the admin token
 * must not be guessable.
 */
export function checkSettings(settings: ServerSettings): void {
  if (settings.publicUrl) {
    const url = new URL(settings.publicUrl);
    if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
      throw new ConfigError(
        `PUBLIC_URL must use https (http only for localhost), got "${settings.publicUrl}"`,
      );
    }
  } else if (!isLoopbackHost(settings.host)) {
    throw new ConfigError(
      `HOST is ${settings.host}, which other machines can reach, but PUBLIC_URL is not set. ` +
        'Set PUBLIC_URL to the public https origin of the site (e.g. https://wallet.example): ' +
        'sign-in messages and links are made out to it. Without PUBLIC_URL, listen on ' +
        'localhost only (HOST=127.0.0.1).',
    );
  }
  if (settings.adminToken !== null && settings.adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ConfigError(
      `ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters long ` +
        `(it has ${settings.adminToken.length}); unset it to have one generated`,
    );
  }
}

/** Whether PUBLIC_URL names a deployment others reach: not unset, not a loopback host. */
export function isPublicDeployment(publicUrl: string | null): boolean {
  return publicUrl !== null && !isLoopbackHost(new URL(publicUrl).hostname);
}

/** ENVELOPE when it is set, else on exactly for a public deployment. */
export function envelopeSetting(env: Env, publicUrl: string | null): boolean {
  return flag(env, 'ENVELOPE', isPublicDeployment(publicUrl));
}

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

/** The origin of PUBLIC_URL: the site is an origin, a path would be ignored by browsers. */
function publicUrl(env: Env): string | null {
  const value = url(env, 'PUBLIC_URL');
  if (value === null) return null;
  const parsed = new URL(value);
  if (
    parsed.pathname.replace(/\/+$/, '') !== '' ||
    parsed.search ||
    parsed.hash ||
    parsed.username
  ) {
    throw new ConfigError(
      `PUBLIC_URL must be an origin only (scheme://host[:port]), got "${value}"`,
    );
  }
  return parsed.origin;
}

function url(env: Env, name: string): string | null {
  const value = text(env, name);
  if (value === null) return null;
  try {
    const parsed = new URL(value);
    if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error('not http(s)');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}

function address(env: Env, name: string): string | null {
  const value = text(env, name);
  if (value === null) return null;
  if (!isValidAddress(value))
    throw new ConfigError(`${name} must be an EVM address (0x + 40 hex), got "${value}"`);
  return toChecksumAddress(value);
}

function units(env: Env, name: string, asset: AssetCode, fallback: string): bigint {
  const value = text(env, name) ?? fallback;
  try {
    return parseAssetAmount(value, asset)[0];
  } catch {
    throw new ConfigError(
      `${name} must be a plain non-negative amount of ${asset}, got "${value}"`,
    );
  }
}

function readWithdrawSettings(env: Env): Record<WithdrawCoin, WithdrawCoinSettings> {
  const processingHours = integer(env, 'WITHDRAW_PROCESSING_HOURS', 24, 0, 24 * 365);
  const chainExplorer = url(env, 'CHAIN_EXPLORER_URL')?.replace(/\/+$/, '');
  return {
    USDT: {
      network: 'TRC20',
      fee: units(env, 'WITHDRAW_USDT_FEE', 'USDT', '2'),
      minimum: units(env, 'WITHDRAW_USDT_MINIMUM', 'USDT', '10'),
      processingHours,
      explorerTxUrl:
        url(env, 'WITHDRAW_USDT_EXPLORER_TX_URL') ?? 'https://tronscan.org/#/transaction/',
    },
    JU: {
      network: text(env, 'CHAIN_NAME') ?? 'JuChain',
      fee: units(env, 'WITHDRAW_JU_FEE', 'JU', '0.01'),
      minimum: units(env, 'WITHDRAW_JU_MINIMUM', 'JU', '1'),
      processingHours,
      explorerTxUrl: chainExplorer ? `${chainExplorer}/tx/` : null,
    },
  };
}

/** WalletConnect Cloud ids are 32 hex digits; anything else would fail only on the phone. */
function walletConnectProjectId(env: Env): string | null {
  const id = text(env, 'WALLETCONNECT_PROJECT_ID');
  if (id === null) return null;
  if (!/^[0-9a-f]{32}$/i.test(id))
    throw new ConfigError(
      'WALLETCONNECT_PROJECT_ID must be a WalletConnect project id (32 hex digits)',
    );
  return id.toLowerCase();
}
