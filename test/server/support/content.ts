// Helpers for the content, notice, mall and referral tests: the operator CLI run in-process
// against a test server, and calls checked with the contract's schemas.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { runCli } from '../../../server/admin/cli.ts';
import type { TestServer } from '../harness.ts';
import { scratchDir } from '../../support/scratchDir.ts';

/** Runs `npm run admin -- …args` against `server`; fails the test unless it succeeds. */
export async function admin(server: TestServer, ...args: string[]): Promise<string> {
  const result = await adminResult(server, ...args);
  expect(result.exitCode, result.output).toBe(0);
  return result.output;
}

export function adminResult(server: TestServer, ...args: string[]) {
  return runCli(args, { API_URL: server.url, ADMIN_TOKEN: server.adminToken });
}

/** Writes `text` to a fresh temporary file and returns `@path` for a CLI argument. */
export function fileArgument(name: string, text: string): string {
  const dir = scratchDir('ju-content-');
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return `@${file}`;
}

/** The id the CLI printed for a new notice or order. */
export function printedId(output: string): string {
  const match = /(?:Notice |#)(\d+)/.exec(output);
  if (!match) throw new Error(`No id in: ${output}`);
  return match[1]!;
}
