// The shape of one error catalogue entry. Each area keeps its refusals beside its descriptors
// (contract/api/<area>Errors.ts) in this shape; ./errors.ts assembles them into one catalogue.

export interface MessageDescriptor {
  readonly id: string;
  readonly message: string;
  /** A note for translators, extracted into the catalogues. */
  readonly comment?: string;
}

export interface ErrorEntry {
  readonly code: number;
  readonly status: number;
  readonly message: MessageDescriptor;
}
