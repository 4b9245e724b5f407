// The registry: every area of the server, once, and what they contribute assembled — the
// route table, the background jobs and the catalogue the areas use of one another (payment
// purposes, money-log sources, transfer kinds). A new area adds its area.ts and one line here.
import { MONEY_LOG_TYPES, type MoneyLogType } from '../contract/api/wallet.ts';
import { paymentPurposeSchema, type PaymentPurpose } from '../contract/api/chain.ts';
import type { ServerArea } from './area.ts';
import type { AreaCatalogue } from './areaCatalogue.ts';
import type { ServerContext } from './context.ts';
import { authArea } from './auth/area.ts';
import { cardArea } from './card/area.ts';
import { chainArea } from './chain/area.ts';
import { contentArea } from './content/area.ts';
import { cycleArea } from './cycle/area.ts';
import { rateLimitPruneJob } from './http/postgresRateLimitStore.ts';
import { runtimeConfigRoutes } from './http/runtimeConfig.ts';
import { ledgerArea } from './ledger/area.ts';
import { mallArea } from './mall/area.ts';
import { moneyArea } from './money/area.ts';
import { nodeArea } from './node/area.ts';
import { realtimeArea } from './realtime/area.ts';
import { releaseArea } from './release/area.ts';
import { ticketArea } from './ticket/area.ts';
import { usersArea } from './users/area.ts';

export const SERVER_AREAS: readonly ServerArea[] = [
  // GET /config.json belongs to no area: the app reads it before it speaks the API.
  { name: 'runtime config', routes: runtimeConfigRoutes },
  // Nor does the rate limiters' housekeeping (PostgreSQL only: see http/rateLimiter.ts).
  { name: 'rate limits', jobs: [rateLimitPruneJob] },
  authArea,
  usersArea,
  moneyArea,
  ledgerArea,
  chainArea,
  ticketArea,
  cycleArea,
  nodeArea,
  releaseArea,
  cardArea,
  contentArea,
  mallArea,
  realtimeArea,
];

export const routeTable = SERVER_AREAS.flatMap((area) => area.routes ?? []);

export const backgroundJobs = SERVER_AREAS.flatMap((area) => area.jobs ?? []);

/** The areas' own registrations beside the route table (ServerArea.registerOutsideRouteTable). */
export const outsideRouteTable = SERVER_AREAS.flatMap((area) =>
  area.registerOutsideRouteTable ? [area.registerOutsideRouteTable] : [],
);

export const secretPathPrefixes = SERVER_AREAS.flatMap((area) => area.secretPathPrefixes ?? []);

/**
 * One entry per name across the areas; every name the contract lists must be there. A
 * mistake here is the programmer's, so it stops the server from starting.
 */
function mergeOnce<K extends string, V>(
  what: string,
  names: readonly K[],
  parts: (area: ServerArea) => Partial<Record<K, V>> | undefined,
): Record<K, V> {
  const merged: Partial<Record<K, V>> = {};
  const owner = new Map<K, string>();
  for (const area of SERVER_AREAS) {
    for (const [name, value] of Object.entries(parts(area) ?? {}) as [K, V][]) {
      if (owner.has(name))
        throw new Error(`${what} ${name} is claimed by ${owner.get(name)} and ${area.name}`);
      owner.set(name, area.name);
      merged[name] = value;
    }
  }
  const missing = names.filter((name) => !owner.has(name));
  if (missing.length > 0) throw new Error(`No area handles ${what} ${missing.join(', ')}`);
  return merged as Record<K, V>;
}

function transferKinds(): string[] {
  const kinds = SERVER_AREAS.flatMap((area) => area.transferKinds ?? []);
  const twice = kinds.filter((kind, index) => kinds.indexOf(kind) !== index);
  if (twice.length > 0) throw new Error(`Transfer kinds posted by two areas: ${twice.join(', ')}`);
  return kinds;
}

function assembleCatalogue(): AreaCatalogue<ServerContext> {
  const kinds = transferKinds();
  const moneyLogSources = mergeOnce<
    MoneyLogType,
    AreaCatalogue<ServerContext>['moneyLogSources'][MoneyLogType]
  >('money-log type', MONEY_LOG_TYPES, (area) => area.moneyLogTypes);
  const unknown = Object.values(moneyLogSources).filter((source) => !kinds.includes(source.kind));
  if (unknown.length > 0)
    throw new Error(`The money log shows kinds no area posts: ${unknown.map((s) => s.kind)}`);
  return {
    transferKinds: kinds,
    paymentPurposes: mergeOnce<
      PaymentPurpose,
      AreaCatalogue<ServerContext>['paymentPurposes'][PaymentPurpose]
    >('payment purpose', paymentPurposeSchema.options, (area) => area.paymentPurposes),
    moneyLogSources,
    dueWork: SERVER_AREAS.flatMap((area) => area.dueWork ?? []),
  };
}

export const areaCatalogue: AreaCatalogue<ServerContext> = assembleCatalogue();
