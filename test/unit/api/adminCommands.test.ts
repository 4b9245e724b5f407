// The operator's contract is complete both ways: every operator endpoint is reached by a
// command of `npm run admin`, and the commands reach the server only through those
// descriptors (the admin client), never by a request of their own. With the route table's
// test (test/server/routeTable.test.ts: a descriptor with no route, a route with no
// descriptor), a descriptor, its route and its command cannot drift apart.
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ADMIN = path.resolve(import.meta.dirname, '../../../server/admin');
const COMMANDS = path.join(ADMIN, 'commands');

function commandSources(): Map<string, string> {
  return new Map(
    readdirSync(COMMANDS)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [name, readFileSync(path.join(COMMANDS, name), 'utf8')]),
  );
}

async function operatorEndpoints(): Promise<string[]> {
  const names: string[] = [];
  for (const file of readdirSync(ADMIN).filter((name) => /^contract\w*\.ts$/.test(name))) {
    const module = (await import(path.join(ADMIN, file))) as Record<string, unknown>;
    for (const [set, value] of Object.entries(module))
      if (set.endsWith('Endpoints') && typeof value === 'object' && value !== null)
        for (const key of Object.keys(value)) names.push(`${set}.${key}`);
  }
  return names;
}

describe('the operator commands and their contract', () => {
  it('reaches every operator endpoint from some command', async () => {
    const sources = [...commandSources().values()].join('\n');
    const endpoints = await operatorEndpoints();
    expect(endpoints.length).toBeGreaterThan(40);
    const unreached = endpoints.filter(
      (name) => !new RegExp(`\\b${name.replace('.', '\\.')}\\b`).test(sources),
    );
    expect(unreached).toEqual([]);
  });

  it('sends nothing but through a descriptor', () => {
    for (const [file, text] of commandSources()) {
      const source = text.replace(/^\s*\/\/.*$/gm, '');
      expect({ file, fetches: /\bfetch\(|node:https?'|\/admin\/v1\//.test(source) }).toEqual({
        file,
        fetches: false,
      });
    }
  });
});
