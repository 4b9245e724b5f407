// The operator's command-line tool. It talks to the running server over HTTP, so it works
// the same against SQLite or PostgreSQL, locally or remotely. Each area's commands live in
// commands/<area>.ts, listed once in commandAreas.ts; this file parses the arguments, asks
// the areas in turn and words the errors.
//
//   npm run admin -- user list
//   npm run admin -- credit <address> <amount> <JU|USDT|TICKET> [--key K]
//   npm run admin -- withdraw list | complete <id> <txid> | fail <id> <reason> | unknown <id>
//   npm run admin -- ledger check
//   npm run admin -- team check
//   npm run admin -- envelope keys | rotate
import { AdminRequestError, ServerUnreachableError } from './adminClient.ts';
import {
  SetupError,
  UsageError,
  VALUE_OPTIONS,
  type OptionValues,
  type ValueOption,
} from './commandArea.ts';
import { COMMAND_AREAS } from './commandAreas.ts';
import type { Env } from './connection.ts';

// Each area's commands in the usage list, then the areas' own sections (commandAreas.ts).
const HELP = `JU Wallet admin tool

Usage:
${COMMAND_AREAS.map((area) => area.usage ?? '').join('')}  npm run admin -- --help

Environment:
  API_URL      server to talk to (default http://127.0.0.1:$PORT, PORT default 8080)
  ADMIN_TOKEN  admin token (default: read from $DATA_DIR/admin-token, DATA_DIR default ./data)
${COMMAND_AREAS.map((area) => area.section ?? '').join('')}`;

interface ParsedArgs {
  help: boolean;
  values: OptionValues;
  positionals: string[];
}

// Hand-rolled rather than util.parseArgs, which would take an amount like "-3" for an
// option; here it stays a positional and the server explains what is wrong with it.
function parseArguments(argv: string[]): ParsedArgs {
  const parsed: ParsedArgs = { help: false, values: {}, positionals: [] };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--help' || arg === '-h') {
      parsed.help = true;
    } else if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (!(VALUE_OPTIONS as readonly string[]).includes(name))
        throw new UsageError(`Unknown option ${arg}`);
      const value = inline ?? argv[++index];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      parsed.values[name as ValueOption] = value;
    } else {
      parsed.positionals.push(arg);
    }
  }
  return parsed;
}

export async function runCli(
  argv: string[],
  env: Env,
): Promise<{ output: string; exitCode: number }> {
  try {
    const { help, values, positionals } = parseArguments(argv);
    if (help || positionals.length === 0) return { output: HELP, exitCode: help ? 0 : 2 };
    for (const area of COMMAND_AREAS) {
      const result = await area.run(positionals, values, env);
      if (result) return result;
    }
    throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
  } catch (error) {
    if (error instanceof UsageError) return { output: `${error.message}\n\n${HELP}`, exitCode: 2 };
    if (error instanceof AdminRequestError)
      return { output: `Refused: ${error.message}`, exitCode: 1 };
    if (error instanceof ServerUnreachableError || error instanceof SetupError) {
      return { output: error.message, exitCode: 1 };
    }
    throw error;
  }
}

if (import.meta.main) {
  const { output, exitCode } = await runCli(process.argv.slice(2), process.env);
  (exitCode === 0 ? process.stdout : process.stderr).write(`${output}\n`);
  process.exitCode = exitCode;
}
