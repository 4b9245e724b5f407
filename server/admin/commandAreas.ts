// The registry of the operator's commands: each area's command module, once, in the order the
// usage lists them. The CLI (cli.ts) asks each in turn and prints their usage; an area's new
// commands go in its module under commands/, a new area's module is one line here.
import type { CommandArea } from './commandArea.ts';
import { cardCommands } from './commands/card.ts';
import { chainCommands } from './commands/chain.ts';
import { contentCommands } from './commands/content.ts';
import { envelopeCommands } from './commands/envelope.ts';
import { ledgerCommands } from './commands/ledger.ts';
import { moneyCommands } from './commands/money.ts';
import { teamCommands } from './commands/team.ts';
import { usersCommands } from './commands/users.ts';

export const COMMAND_AREAS: readonly CommandArea[] = [
  usersCommands,
  moneyCommands,
  ledgerCommands,
  teamCommands,
  chainCommands,
  cardCommands,
  contentCommands,
  envelopeCommands,
];
