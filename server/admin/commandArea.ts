// What an area's operator commands (server/admin/commands/<area>.ts) export for the CLI's
// registry (commandAreas.ts), and what they share: the options, the client, the errors the
// CLI words for the operator. Like the rest of server/admin/ it speaks to the server over
// HTTP only and imports nothing of the server itself.
import { adminConnection, type Env } from './connection.ts';
import { createAdminApi, type AdminApi } from './adminClient.ts';

/** The options that take a value; every other `--option` is refused. */
export const VALUE_OPTIONS = ['key', 'page', 'page-size', 'status'] as const;
export type ValueOption = (typeof VALUE_OPTIONS)[number];
export type OptionValues = Partial<Record<ValueOption, string>>;

export interface CommandResult {
  output: string;
  exitCode: number;
}

export interface CommandArea {
  /** The server area (or areas) whose operator calls these are. */
  readonly name: string;
  /** Its lines in the usage list, each command with what it does. */
  readonly usage?: string;
  /** A section of its own after the environment: a heading, then its commands. */
  readonly section?: string;
  /**
   * The result of the command when it is one of this area's, else undefined. It may throw
   * UsageError, SetupError or the client's errors, which the CLI words for the operator.
   */
  run(positionals: string[], values: OptionValues, env: Env): Promise<CommandResult | undefined>;
}

/** Wrong arguments: the CLI prints the reason and the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Nothing wrong with the command, but the tool cannot run it here (no admin token). */
export class SetupError extends Error {
  override name = 'SetupError';
}

/** The client for the server the environment names; no admin token is a setup problem. */
export function clientFor(env: Env): AdminApi {
  const connection = adminConnection(env);
  if ('problem' in connection) throw new SetupError(connection.problem);
  return createAdminApi(connection.apiUrl, connection.token);
}

/** A `--page`-like option: a whole number from 1, or `fallback` when it is not given. */
export function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new UsageError(`${name} must be a whole number from 1`);
  return Number(value);
}
