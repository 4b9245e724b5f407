// Operator commands of the card service: holder review (kyc), card applications and
// spending (card), recharges (recharge). They call /admin/v1/card over HTTP like the rest
// of the admin tool.
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';

import type { CommandArea, CommandResult, OptionValues } from '../commandArea.ts';
import { adminConnection, type Env } from '../connection.ts';
import {
  AdminRequestError,
  createAdminApi,
  ServerUnreachableError,
  type AdminApi,
} from '../adminClient.ts';
import type { AnyEndpoint, EndpointInput } from '../../../contract/api/endpoint.ts';
import { adminCardEndpoints } from '../contractCard.ts';
import { formatTable } from '../table.ts';

const CARD_HELP = `  npm run admin -- kyc list [--status pending|approved|rejected] [--page N] [--page-size N]
      List card holders waiting for review (or by status): names, masked id number, photos.
  npm run admin -- kyc show <id>
      One holder in full (identity data decrypted), to compare with the photos.
  npm run admin -- kyc approve <id>
  npm run admin -- kyc reject <id> <reason>
      Decide on a pending holder; the user sees the reason of a rejection.
  npm run admin -- kyc photo <file> <output.jpg>
      Save one of a holder's document photos (decrypted) to a file readable only by you.
  npm run admin -- card applications [--status processing|success|failed] [--page N] [--page-size N]
  npm run admin -- card issue <applicationId>
      Issue the card of a processing application (virtual: active; physical: to activate).
  npm run admin -- card reject <applicationId> <reason>
      Reject a processing application; the fee returns to the user's balance.
  npm run admin -- card spend <cardId> <amount> <merchant>
      Record spending on an active card (a consumption record; the card balance goes down).
  npm run admin -- recharge list [--status pending|processing|success|failed] [--page N] [--page-size N]
  npm run admin -- recharge process <id>
      Mark a pending recharge as processing at the issuer.
  npm run admin -- recharge settle <id>
      The recharge arrived: the amount is added to the card balance.
  npm run admin -- recharge fail <id> <reason>
      The recharge failed: amount and fee return to the user's balance.
`;

const usage = (text: string): CommandResult => ({ output: `${text}\n\n${CARD_HELP}`, exitCode: 2 });

export const cardCommands: CommandArea = { name: 'card', usage: CARD_HELP, run: runCardCommand };

/** The result of a card service command, or undefined when the command is not one of these. */
async function runCardCommand(
  positionals: readonly string[],
  values: OptionValues,
  env: Env,
): Promise<CommandResult | undefined> {
  const [area, action, ...args] = positionals;
  if (area !== 'kyc' && area !== 'card' && area !== 'recharge') return undefined;
  const connection = adminConnection(env);
  if ('problem' in connection) return { output: connection.problem, exitCode: 1 };
  const client = createAdminApi(connection.apiUrl, connection.token);
  const page = pageQuery(values);
  try {
    const command = `${area} ${action ?? ''}`;
    switch (command) {
      case 'kyc list':
        return done(await listHolders(client, values, page));
      case 'kyc show': {
        const [id] = args;
        if (!id || args.length > 1) return usage('kyc show needs <id>');
        const holder = await client.call(adminCardEndpoints.holder, { id });
        return ok(
          [
            `Holder ${holder.id}: ${holder.first_name} ${holder.last_name} (${holder.status})`,
            `User:      ${holder.user_address}`,
            `Document:  ${holder.id_type} ${holder.id_number}, issued ${holder.issue_date}, expires ${holder.expiry_date}`,
            `Contact:   ${holder.phone}, ${holder.email}`,
            `Billing:   ${holder.address}, ${holder.district}, ${holder.city}, ${holder.province}`,
            `Photos:    ${holder.photos.join(' ')} (kyc photo <file> <output.jpg>)`,
            ...(holder.reject_reason ? [`Rejected:  ${holder.reject_reason}`] : []),
          ].join('\n'),
        );
      }
      case 'kyc approve':
      case 'kyc reject': {
        const [id, reason] = args;
        if (!id || (action === 'reject') !== (reason !== undefined) || args.length > 2)
          return usage(
            action === 'approve' ? 'kyc approve needs <id>' : 'kyc reject needs <id> <reason>',
          );
        // Checked above: a rejection has its reason, an approval none.
        const holder =
          reason === undefined
            ? await client.call(adminCardEndpoints.holderApprove, { id })
            : await client.call(adminCardEndpoints.holderReject, { id, reason });
        return ok(
          `Holder ${holder.id} (${holder.first_name} ${holder.last_name}) is now ${holder.status}.`,
        );
      }
      case 'kyc photo': {
        const [file, output] = args;
        if (!file || !output || args.length > 2)
          return usage('kyc photo needs <file> <output.jpg>');
        const bytes = await client.bytes(adminCardEndpoints.photo, { id: file });
        fs.writeFileSync(output, bytes, { mode: 0o600, flag: 'wx' });
        return ok(`Saved ${bytes.length} bytes to ${path.resolve(output)}.`);
      }
      case 'card applications':
        return done(await listApplications(client, values, page));
      case 'card issue': {
        const [id] = args;
        if (!id || args.length > 1) return usage('card issue needs <applicationId>');
        const { application, card } = await client.call(adminCardEndpoints.issue, { id });
        return ok(
          `Application ${application.id} (${application.order_no}) issued card ${card.id} ${card.masked_number}, ${card.status}.`,
        );
      }
      case 'card reject': {
        const [id, reason] = args;
        if (!id || !reason || args.length > 2)
          return usage('card reject needs <applicationId> <reason>');
        const application = await client.call(adminCardEndpoints.reject, { id, reason });
        return ok(
          `Application ${application.id} rejected (${application.reject_reason}); fee ${application.fee} ${application.coin} returned.`,
        );
      }
      case 'card spend': {
        const [cardId, amount, merchant] = args;
        if (!cardId || !amount || !merchant || args.length > 3)
          return usage('card spend needs <cardId> <amount> <merchant>');
        const { record, balance } = await client.call(adminCardEndpoints.spend, {
          card_id: cardId,
          amount,
          merchant,
        });
        return ok(
          `Card ${record.card_id} spent ${record.amount} at ${record.merchant}; balance ${balance}.`,
        );
      }
      case 'recharge list':
        return done(await listRecharges(client, values, page));
      case 'recharge process':
      case 'recharge settle':
      case 'recharge fail': {
        const [id, reason] = args;
        const needsReason = action === 'fail';
        if (!id || needsReason !== (reason !== undefined) || args.length > 2)
          return usage(
            needsReason ? 'recharge fail needs <id> <reason>' : `recharge ${action} needs <id>`,
          );
        const record =
          reason !== undefined
            ? await client.call(adminCardEndpoints.rechargeFail, { id, reason })
            : await client.call(
                action === 'settle'
                  ? adminCardEndpoints.rechargeSettle
                  : adminCardEndpoints.rechargeProcess,
                { id },
              );
        return ok(
          `Recharge ${record.id} of ${record.amount} ${record.coin} is now ${record.status}.`,
        );
      }
      default:
        return usage(`Unknown command: ${positionals.join(' ')}`);
    }
  } catch (error) {
    if (error instanceof AdminRequestError)
      return { output: `Refused: ${error.message}`, exitCode: 1 };
    if (error instanceof ServerUnreachableError) return { output: error.message, exitCode: 1 };
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return { output: `Not overwriting ${args[1]}: the file exists.`, exitCode: 1 };
    throw error;
  }
}

const ok = (output: string): CommandResult => ({ output, exitCode: 0 });
const done = (result: string | CommandResult) => (typeof result === 'string' ? ok(result) : result);

interface PageQuery {
  page: string;
  page_size: string;
}

function pageQuery(values: OptionValues): PageQuery {
  return { page: values.page ?? '1', page_size: values['page-size'] ?? '100' };
}

/** A list's query from the options, checked against the list's own schema before it is sent. */
function listInput<E extends AnyEndpoint>(
  endpoint: E,
  values: OptionValues,
  page: PageQuery,
): EndpointInput<E> | string {
  const raw = { ...page, ...(values.status ? { status: values.status } : {}) };
  if (!endpoint.input) return raw as EndpointInput<E>;
  const checked = v.safeParse(endpoint.input, raw);
  if (checked.success) return raw as EndpointInput<E>;
  const field = checked.issues[0]?.path?.[0]?.key;
  return field === 'status'
    ? `--status is not one of this list's statuses`
    : '--page and --page-size must be whole numbers from 1';
}

async function listHolders(
  client: AdminApi,
  values: OptionValues,
  page: PageQuery,
): Promise<string | CommandResult> {
  const input = listInput(adminCardEndpoints.holders, values, page);
  if (typeof input === 'string') return usage(input);
  const { list, total } = await client.call(adminCardEndpoints.holders, input);
  if (total === 0) return 'No holders.';
  const table = formatTable(
    ['ID', 'STATUS', 'NAME', 'ID TYPE', 'ID NUMBER', 'USER', 'PHOTOS', 'UPDATED', 'REASON'],
    list.map((row) => [
      row.id,
      row.status,
      `${row.first_name} ${row.last_name}`,
      row.id_type,
      row.id_number,
      row.user_address,
      row.photos.join(' '),
      row.updated_at,
      row.reject_reason ?? '-',
    ]),
  );
  return `${table}\n\n${list.length} of ${total} holders`;
}

async function listApplications(
  client: AdminApi,
  values: OptionValues,
  page: PageQuery,
): Promise<string | CommandResult> {
  const input = listInput(adminCardEndpoints.applications, values, page);
  if (typeof input === 'string') return usage(input);
  const { list, total } = await client.call(adminCardEndpoints.applications, input);
  if (total === 0) return 'No card applications.';
  const table = formatTable(
    [
      'ID',
      'STATUS',
      'ORDER',
      'TYPE',
      'REGION',
      'HOLDER',
      'FEE',
      'USER',
      'CARD',
      'CREATED',
      'AGREED',
    ],
    list.map((row) => [
      row.id,
      row.status,
      row.order_no,
      row.type,
      row.region,
      row.holder_name,
      `${row.fee} ${row.coin}`,
      row.user_address,
      row.card_id ?? '-',
      row.created_at,
      row.agreements.map(({ id, version }) => `${id}@${version}`).join(',') || '-',
    ]),
  );
  return `${table}\n\n${list.length} of ${total} applications`;
}

async function listRecharges(
  client: AdminApi,
  values: OptionValues,
  page: PageQuery,
): Promise<string | CommandResult> {
  const input = listInput(adminCardEndpoints.recharges, values, page);
  if (typeof input === 'string') return usage(input);
  const { list, total } = await client.call(adminCardEndpoints.recharges, input);
  if (total === 0) return 'No recharges.';
  const table = formatTable(
    ['ID', 'STATUS', 'CARD', 'AMOUNT', 'FEE', 'USER', 'CREATED', 'REASON'],
    list.map((row) => [
      row.id,
      row.status,
      row.card_id,
      `${row.amount} ${row.coin}`,
      row.fee,
      row.user_address,
      row.created_at,
      row.failure_reason ?? '-',
    ]),
  );
  return `${table}\n\n${list.length} of ${total} recharges`;
}
