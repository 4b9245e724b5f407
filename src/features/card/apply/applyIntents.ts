// The three ways to apply for a card, one endpoint each: a virtual card, a physical one, or
// applying again for an earlier application (after a refusal, or for a card reported lost).
// One form (ApplyScreen) serves them all; this table says what each one sends.
import type * as v from 'valibot';
import type { AcceptedAgreement, CardType } from '../../../../contract/api/card/info.ts';
import { applicationEndpoints } from '../../../../contract/api/card/applications.ts';
import type { AnyEndpoint, EndpointInput } from '../../../../contract/api/endpoint.ts';

/** What the user chose on the form (a choice not made yet is the first one offered). */
export interface ApplyChoices {
  region: string;
  holder_id: string;
  address_id: string;
  agree: boolean;
}

/** The form's situation: the card type, and the earlier application when applying again. */
export interface ApplyTarget {
  type: CardType;
  reapplyOf?: string | undefined;
}

export interface ApplyIntent<E extends AnyEndpoint = AnyEndpoint> {
  readonly endpoint: E;
  /** What the endpoint takes, run on the form as the server would. */
  readonly schema: v.GenericSchema;
  /** Whether the user picks the region (an application again keeps the earlier one's). */
  readonly choosesRegion: boolean;
  /** The request body without the agreements: what the form checks against the schema. */
  readonly body: (choices: ApplyChoices, target: ApplyTarget) => Record<string, unknown>;
  /** The request the endpoint takes, with the agreements the user read. */
  readonly request: (
    choices: ApplyChoices,
    target: ApplyTarget,
    agreements: AcceptedAgreement[],
  ) => EndpointInput<E>;
}

function intent<E extends AnyEndpoint & { input: v.GenericSchema }>(
  endpoint: E,
  choosesRegion: boolean,
  body: (choices: ApplyChoices, target: ApplyTarget) => Omit<EndpointInput<E>, 'agreements'>,
): ApplyIntent<E> {
  return {
    endpoint,
    schema: endpoint.input,
    choosesRegion,
    body,
    request: (choices, target, agreements) =>
      ({ ...body(choices, target), agreements }) as EndpointInput<E>,
  };
}

const APPLY_INTENTS: Record<CardType | 'again', ApplyIntent> = {
  virtual: intent(applicationEndpoints.openVirtualCard, true, ({ region, holder_id, agree }) => ({
    region,
    holder_id,
    agree,
  })),
  physical: intent(
    applicationEndpoints.openRealCard,
    true,
    ({ region, holder_id, address_id, agree }) => ({ region, holder_id, address_id, agree }),
  ),
  again: intent(
    applicationEndpoints.reapply,
    false,
    ({ holder_id, address_id, agree }, { type, reapplyOf }) => ({
      id: reapplyOf ?? '',
      holder_id,
      agree,
      ...(type === 'physical' ? { address_id } : {}),
    }),
  ),
};

/** The intent of a form: applying again when it names an earlier application. */
export function applyIntent(target: ApplyTarget): ApplyIntent {
  return target.reapplyOf ? APPLY_INTENTS.again : APPLY_INTENTS[target.type];
}
