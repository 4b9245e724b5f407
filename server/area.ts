// What a server area (a folder: auth, money, chain, card…) owns and exports from its area.ts,
// for the registry (areas.ts) to assemble. An area lists only what is its own; nothing
// outside the area and the registry names its routes, transfer kinds or payment purposes.
import type { PaymentPurpose } from '../contract/api/chain.ts';
import type { MoneyLogType } from '../contract/api/wallet.ts';
import type { FastifyInstance } from 'fastify';
import type { BackgroundJob } from './backgroundJob.ts';
import type { AreaSettingsReader } from './config.ts';
import type { ServerContext } from './context.ts';
import type { DueWork } from './hooks/dueWork.ts';
import type { PurposeHandler } from './hooks/purposeHandler.ts';
import type { HttpContext } from './http/httpContext.ts';
import type { Route } from './http/route.ts';
import type { MoneyLogSource } from './hooks/moneyLogSources.ts';

export interface ServerArea {
  /** Its folder's name. */
  readonly name: string;
  /** Its endpoints, user and operator alike (each from its descriptor in the contract). */
  readonly routes?: readonly Route[];
  /** The ledger transfer kinds it posts. */
  readonly transferKinds?: readonly string[];
  /** What it does when the chain decides a payment made for it. */
  readonly paymentPurposes?: Partial<Record<PaymentPurpose, PurposeHandler>>;
  /** The money-log types its transfers make. */
  readonly moneyLogTypes?: Partial<Record<MoneyLogType, MoneyLogSource>>;
  readonly jobs?: readonly BackgroundJob[];
  /** Its own settings (config.ts's `AreaSettings`), read with the infrastructure's. */
  readonly settings?: AreaSettingsReader;
  /** What falls due with the clock; the chain's job runs it (hooks/dueWork.ts). */
  readonly dueWork?: readonly DueWork<ServerContext>[];
  /**
   * What it serves beside the route table, registered after it: requests no descriptor can
   * describe (the card's photo upload takes raw bytes, in a Fastify scope of its own).
   */
  readonly registerOutsideRouteTable?: (
    app: FastifyInstance,
    context: HttpContext,
  ) => Promise<void>;
  /** Paths whose rest is a secret (a token): the request log shows only this prefix. */
  readonly secretPathPrefixes?: readonly string[];
}
