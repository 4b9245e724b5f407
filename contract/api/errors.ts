// THE error catalogue: every failure the API can answer with, its body `code`, its HTTP
// status and its message. Each area writes its own refusals beside its descriptors
// (contract/api/<area>Errors.ts, card/errors.ts, envelope/errors.ts); this file assembles them
// into one catalogue, and refuses to load when two areas use the same name or the same code,
// so a repeated one cannot answer with another error's words. Messages are `/*i18n*/`
// descriptors, so Lingui extracts them into the .po catalogs without macros; the server
// localises them by the LANG header.
//
// Body codes: the generic errors use their HTTP status; specific ones add two digits to it
// (40101…), so a client can tell them apart without reading the text. `invite_required` is
// the spec's special case (§6, §8): HTTP 401 with body code 200.
import { authErrors } from './authErrors.ts';
import { cardErrors } from './card/errors.ts';
import { chainErrors } from './chainErrors.ts';
import { commonErrors } from './commonErrors.ts';
import { contentErrors } from './contentErrors.ts';
import { cycleErrors } from './cycleErrors.ts';
import { envelopeErrors } from './envelope/errors.ts';
import type { ErrorEntry } from './errorEntry.ts';
import { machineErrors } from './machineErrors.ts';
import { moneyErrors } from './moneyErrors.ts';
import { nodeErrors } from './nodeErrors.ts';
import { noticeErrors } from './noticeErrors.ts';
import { releaseErrors } from './releaseErrors.ts';
import { ticketErrors } from './ticketErrors.ts';
import { transferErrors } from './transferErrors.ts';
import { userErrors } from './userErrors.ts';
import { withdrawErrors } from './withdrawErrors.ts';

export type { ErrorEntry, MessageDescriptor } from './errorEntry.ts';

type Area = Readonly<Record<string, ErrorEntry>>;

/** The names two or more areas of the tuple define. */
type RepeatedNames<Areas extends readonly Area[]> = Areas extends readonly [
  infer First extends Area,
  ...infer Rest extends readonly Area[],
]
  ? | Extract<
        keyof First,
        Rest[number] extends infer Each ? (Each extends Area ? keyof Each : never) : never
      >
    | RepeatedNames<Rest>
  : never;

type Merged<Areas extends readonly Area[]> = Areas extends readonly [
  infer First extends Area,
  ...infer Rest extends readonly Area[],
]
  ? First & Merged<Rest>
  : unknown;

/**
 * One catalogue from the areas' refusals. A name two areas define is a type error here and,
 * should one slip past the types, a throw at load, as is a code two names share.
 */
function assemble<const Areas extends readonly Area[]>(
  ...areas: Areas &
    ([RepeatedNames<Areas>] extends [never] ? unknown : { repeated: RepeatedNames<Areas> })
): { readonly [Name in keyof Merged<Areas>]: Merged<Areas>[Name] } {
  const catalogue: Record<string, ErrorEntry> = {};
  const nameOfCode = new Map<number, string>();
  for (const area of areas as readonly Area[]) {
    for (const [name, entry] of Object.entries(area)) {
      if (Object.hasOwn(catalogue, name)) throw new Error(`Two areas define the error ${name}`);
      const other = nameOfCode.get(entry.code);
      if (other !== undefined) throw new Error(`${name} and ${other} share the code ${entry.code}`);
      catalogue[name] = entry;
      nameOfCode.set(entry.code, name);
    }
  }
  return catalogue as { readonly [Name in keyof Merged<Areas>]: Merged<Areas>[Name] };
}

export const apiErrors = assemble(
  commonErrors,
  moneyErrors,
  authErrors,
  userErrors,
  transferErrors,
  withdrawErrors,
  chainErrors,
  ticketErrors,
  cycleErrors,
  nodeErrors,
  releaseErrors,
  envelopeErrors,
  cardErrors,
  contentErrors,
  noticeErrors,
  machineErrors,
);

export type ApiErrorName = keyof typeof apiErrors;

export interface ApiErrorDefinition extends ErrorEntry {
  readonly name: ApiErrorName;
}

export function apiErrorByName(name: ApiErrorName): ApiErrorDefinition {
  return { name, ...apiErrors[name] };
}

const nameByCode = new Map<number, ApiErrorName>(
  (Object.keys(apiErrors) as ApiErrorName[]).map((name) => [apiErrors[name].code, name]),
);

/** The catalogue entry for a body code, if any; `invite_required` is found by code 200. */
export function apiErrorByCode(code: number): ApiErrorDefinition | undefined {
  const name = nameByCode.get(code);
  return name === undefined ? undefined : apiErrorByName(name);
}

export function isApiErrorName(value: unknown): value is ApiErrorName {
  return typeof value === 'string' && Object.hasOwn(apiErrors, value);
}
