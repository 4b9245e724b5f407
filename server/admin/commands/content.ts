// Admin CLI commands for operator content and mall orders (see CONTENT_HELP). Text
// arguments take either the text itself or `@path` to read it from a file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CommandArea, CommandResult } from '../commandArea.ts';
import { adminConnection, type Env } from '../connection.ts';
import { ORDER_COINS } from '../../../contract/api/machine.ts';
import { createAdminApi, type AdminApi } from '../adminClient.ts';
import { type AdminOrderData, adminContentEndpoints } from '../contractContent.ts';
import { formatTable } from '../table.ts';

const CONTENT_HELP = `
Content (LANG is TW, CN, EN, JP, KO, TH, PT, MS, ID, VN or a locale such as zh-TW; readers
see their own language, else English; TEXT is the text itself or @path to read a file):
  npm run admin -- home set <LANG> <@file.json|JSON>
      Set the home page content of one language (shape: docs/operations.md).
  npm run admin -- marquee set <LANG> <TEXT>
      Set the marquee of one language: one item per line; an empty text clears it.
  npm run admin -- notice list
      List notices with the languages each has.
  npm run admin -- notice add <LANG> <title> <TEXT>
      Publish a notice; TEXT is its HTML body (the app sanitises it). Prints the new id.
  npm run admin -- notice edit <id> <LANG> <title> <TEXT>
      Set (add or replace) the notice's title and body in one language.
  npm run admin -- notice remove <id>
      Withdraw a notice: users no longer see it.
Mall orders (a record of goods; no money moves):
  npm run admin -- order add <address> <product> <quantity> <amount> <JU|USDT>
      Record a pending order for the user with that wallet address.
  npm run admin -- order ship <id> [tracking-no]
      Mark a pending order as shipped; its owner can then confirm receipt.
`;

type Outcome = CommandResult;

class ContentUsageError extends Error {
  override name = 'ContentUsageError';
}

/** Content (home, marquee, notices) and mall orders: a section of their own in the usage. */
export const contentCommands: CommandArea = {
  name: 'content, mall',
  section: CONTENT_HELP,
  run: (positionals, _values, env) => runContentCommand(positionals, env),
};

/** Runs a content or order command; undefined when the command is not one of these. */
async function runContentCommand(positionals: string[], env: Env): Promise<Outcome | undefined> {
  const [command, action, ...args] = positionals;
  const run = COMMANDS[`${command} ${action}`];
  if (!run) return undefined;
  try {
    const api = apiFromEnv(env);
    if (typeof api === 'string') return { output: api, exitCode: 1 };
    return { output: await run(api, args), exitCode: 0 };
  } catch (error) {
    if (error instanceof ContentUsageError)
      return { output: `${error.message}\n${CONTENT_HELP}`, exitCode: 2 };
    throw error;
  }
}

const COMMANDS: Record<string, (api: AdminApi, args: string[]) => Promise<string>> = {
  'home set': async (api, args) => {
    const [lang, source] = exactly(args, 2, 'home set needs <LANG> <@file.json|JSON>');
    let content: unknown;
    try {
      content = JSON.parse(readText(source));
    } catch (error) {
      if (error instanceof ContentUsageError) throw error;
      throw new ContentUsageError(`home set: the content is not valid JSON (${String(error)})`);
    }
    const result = await api.call(adminContentEndpoints.home, {
      lang,
      content,
    });
    return `Home content set for ${result.lang} at ${result.updated_at}.`;
  },
  'marquee set': async (api, args) => {
    const [lang, source] = exactly(args, 2, 'marquee set needs <LANG> <TEXT>');
    const items = readText(source)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const result = await api.call(adminContentEndpoints.marquee, {
      lang,
      items,
    });
    return `Marquee set for ${result.lang}: ${items.length} item(s).`;
  },
  'notice list': async (api, args) => {
    exactly(args, 0, 'notice list takes no arguments');
    const { list } = await api.call(adminContentEndpoints.notices);
    if (list.length === 0) return 'No notices.';
    return formatTable(
      ['ID', 'TITLE', 'LANGUAGES', 'CREATED', 'UPDATED'],
      list.map((n) => [n.id, n.title, n.locales.join(','), n.created_at, n.updated_at]),
    );
  },
  'notice add': async (api, args) => {
    const [lang, title, source] = exactly(args, 3, 'notice add needs <LANG> <title> <TEXT>');
    const result = await api.call(adminContentEndpoints.noticeAdd, {
      lang,
      title,
      body: readText(source),
    });
    return `Notice ${result.id} published in ${result.lang}.`;
  },
  'notice edit': async (api, args) => {
    const [id, lang, title, source] = exactly(
      args,
      4,
      'notice edit needs <id> <LANG> <title> <TEXT>',
    );
    const result = await api.call(adminContentEndpoints.noticeEdit, {
      id,
      lang,
      title,
      body: readText(source),
    });
    return `Notice ${result.id} set in ${result.lang}.`;
  },
  'notice remove': async (api, args) => {
    const [id] = exactly(args, 1, 'notice remove needs <id>');
    await api.call(adminContentEndpoints.noticeRemove, { id });
    return `Notice ${id} removed.`;
  },
  'order add': async (api, args) => {
    const [address, product, quantity, amount, coin] = exactly(
      args,
      5,
      'order add needs <address> <product> <quantity> <amount> <JU|USDT>',
    );
    const order = await api.call(adminContentEndpoints.orderAdd, {
      address,
      product,
      quantity,
      amount,
      coin: orderCoin(coin),
    });
    return describeOrder('Order recorded', order);
  },
  'order ship': async (api, args) => {
    if (args.length < 1 || args.length > 2)
      throw new ContentUsageError('order ship needs <id> [tracking-no]');
    const [id, trackingNo] = args as [string, string | undefined];
    const order = await api.call(adminContentEndpoints.orderShip, {
      id,
      ...(trackingNo ? { tracking_no: trackingNo } : {}),
    });
    return describeOrder('Order shipped', order);
  },
};

function describeOrder(what: string, order: AdminOrderData): string {
  const tracking = order.tracking_no ? `, tracking ${order.tracking_no}` : '';
  return `${what}: #${order.id} ${order.quantity} × ${order.product}, ${order.amount} ${order.coin}, for ${order.user_address}; status ${order.status}${tracking}.`;
}

function orderCoin(coin: string): (typeof ORDER_COINS)[number] {
  const upper = coin.toUpperCase();
  const known = ORDER_COINS.find((code) => code === upper);
  if (!known) throw new ContentUsageError(`The coin is one of ${ORDER_COINS.join(', ')}`);
  return known;
}

type Words = [string, string, string, string, string];

/** The arguments, checked to be exactly `count`; read only the first `count` words. */
function exactly(args: string[], count: number, usage: string): Words {
  if (args.length !== count) throw new ContentUsageError(usage);
  return args as Words;
}

/** `@path` reads the file (relative to the working directory); anything else is the text. */
function readText(source: string): string {
  if (!source.startsWith('@')) return source;
  try {
    return readFileSync(path.resolve(source.slice(1)), 'utf8');
  } catch (error) {
    throw new ContentUsageError(`Cannot read ${source.slice(1)}: ${(error as Error).message}`);
  }
}

// The same server and token the other admin commands use (see cli.ts).
function apiFromEnv(env: Env): AdminApi | string {
  const connection = adminConnection(env);
  if ('problem' in connection) return connection.problem;
  return createAdminApi(connection.apiUrl, connection.token);
}
