// Admin CLI commands for operator content and mall orders (see CONTENT_HELP). Text
// arguments take either the text itself or `@path` to read it from a file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { adminConnection } from '../connection.ts';
import { createAdminCall, type AdminCall } from '../adminClient.ts';
import {
  adminContentPaths,
  adminNoticesDataSchema,
  adminOrderDataSchema,
  contentSetDataSchema,
  noticeChangeDataSchema,
  type AdminOrderData,
} from '../contractContent.ts';
import { formatTable } from '../table.ts';

export const CONTENT_HELP = `
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

type Env = Record<string, string | undefined>;
type Outcome = { output: string; exitCode: number };

class ContentUsageError extends Error {
  override name = 'ContentUsageError';
}

/** Runs a content or order command; undefined when the command is not one of these. */
export async function runContentCommand(
  positionals: string[],
  _values: Record<string, string | undefined>,
  env: Env,
): Promise<Outcome | undefined> {
  const [command, action, ...args] = positionals;
  const run = COMMANDS[`${command} ${action}`];
  if (!run) return undefined;
  try {
    const call = callFromEnv(env);
    if (typeof call === 'string') return { output: call, exitCode: 1 };
    return { output: await run(call, args), exitCode: 0 };
  } catch (error) {
    if (error instanceof ContentUsageError)
      return { output: `${error.message}\n${CONTENT_HELP}`, exitCode: 2 };
    throw error;
  }
}

const COMMANDS: Record<string, (call: AdminCall, args: string[]) => Promise<string>> = {
  'home set': async (call, args) => {
    const [lang, source] = exactly(args, 2, 'home set needs <LANG> <@file.json|JSON>');
    let content: unknown;
    try {
      content = JSON.parse(readText(source));
    } catch (error) {
      if (error instanceof ContentUsageError) throw error;
      throw new ContentUsageError(`home set: the content is not valid JSON (${String(error)})`);
    }
    const result = await call('POST', adminContentPaths.home, contentSetDataSchema, {
      lang,
      content,
    });
    return `Home content set for ${result.lang} at ${result.updated_at}.`;
  },
  'marquee set': async (call, args) => {
    const [lang, source] = exactly(args, 2, 'marquee set needs <LANG> <TEXT>');
    const items = readText(source)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const result = await call('POST', adminContentPaths.marquee, contentSetDataSchema, {
      lang,
      items,
    });
    return `Marquee set for ${result.lang}: ${items.length} item(s).`;
  },
  'notice list': async (call, args) => {
    exactly(args, 0, 'notice list takes no arguments');
    const { list } = await call('GET', adminContentPaths.notices, adminNoticesDataSchema);
    if (list.length === 0) return 'No notices.';
    return formatTable(
      ['ID', 'TITLE', 'LANGUAGES', 'CREATED', 'UPDATED'],
      list.map((n) => [n.id, n.title, n.locales.join(','), n.created_at, n.updated_at]),
    );
  },
  'notice add': async (call, args) => {
    const [lang, title, source] = exactly(args, 3, 'notice add needs <LANG> <title> <TEXT>');
    const result = await call('POST', adminContentPaths.noticeAdd, noticeChangeDataSchema, {
      lang,
      title,
      body: readText(source),
    });
    return `Notice ${result.id} published in ${result.lang}.`;
  },
  'notice edit': async (call, args) => {
    const [id, lang, title, source] = exactly(
      args,
      4,
      'notice edit needs <id> <LANG> <title> <TEXT>',
    );
    const result = await call('POST', adminContentPaths.noticeEdit, noticeChangeDataSchema, {
      id,
      lang,
      title,
      body: readText(source),
    });
    return `Notice ${result.id} set in ${result.lang}.`;
  },
  'notice remove': async (call, args) => {
    const [id] = exactly(args, 1, 'notice remove needs <id>');
    await call('POST', adminContentPaths.noticeRemove, noticeChangeDataSchema, { id });
    return `Notice ${id} removed.`;
  },
  'order add': async (call, args) => {
    const [address, product, quantity, amount, coin] = exactly(
      args,
      5,
      'order add needs <address> <product> <quantity> <amount> <JU|USDT>',
    );
    const order = await call('POST', adminContentPaths.orderAdd, adminOrderDataSchema, {
      address,
      product,
      quantity,
      amount,
      coin: coin.toUpperCase(),
    });
    return describeOrder('Order recorded', order);
  },
  'order ship': async (call, args) => {
    if (args.length < 1 || args.length > 2)
      throw new ContentUsageError('order ship needs <id> [tracking-no]');
    const [id, trackingNo] = args as [string, string | undefined];
    const order = await call('POST', adminContentPaths.orderShip, adminOrderDataSchema, {
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
function callFromEnv(env: Env): AdminCall | string {
  const connection = adminConnection(env);
  if ('problem' in connection) return connection.problem;
  return createAdminCall(connection.apiUrl, connection.token);
}
