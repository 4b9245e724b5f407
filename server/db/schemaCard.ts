// Table types of the card service (migration 0004_card_service).
import type { Generated, Selectable } from 'kysely';
import type { ApplicationStatus } from '../../contract/api/card/applications.ts';
import type { CardStatus } from '../../contract/api/card/cards.ts';
import type { HolderStatus, IdType } from '../../contract/api/card/holders.ts';
import type { CardType } from '../../contract/api/card/info.ts';
import type { RechargeStatus } from '../../contract/api/card/recharges.ts';

export interface CardHoldersTable {
  id: Generated<bigint>;
  user_id: bigint;
  first_name: string;
  last_name: string;
  id_type: IdType;
  id_number_masked: string;
  identity_sealed: string;
  photos: string;
  status: Exclude<HolderStatus, 'unknown'>;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export type CardFileStatus = 'awaiting' | 'receiving' | 'stored' | 'attached' | 'refused';

export interface CardFilesTable {
  id: string;
  user_id: bigint;
  token_hash: string;
  status: CardFileStatus;
  declared_type: string;
  declared_size: bigint;
  content_type: string | null;
  width: bigint | null;
  height: bigint | null;
  bytes: bigint | null;
  storage_name: string | null;
  holder_id: bigint | null;
  created_at: string;
  expires_at: string;
  stored_at: string | null;
}

export interface CardAddressesTable {
  id: Generated<bigint>;
  user_id: bigint;
  name: string;
  phone: string;
  /** ISO 3166-1 alpha-2; null for an address saved before countries were asked for. */
  country: string | null;
  province: string;
  city: string;
  district: string;
  address: string;
  zip: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface CardApplicationsTable {
  id: Generated<bigint>;
  user_id: bigint;
  order_no: string;
  type: CardType;
  region: string;
  bin: string;
  holder_id: bigint;
  holder_name: string;
  address_id: bigint | null;
  fee: bigint;
  fee_transfer_id: bigint | null;
  status: Exclude<ApplicationStatus, 'unknown'>;
  reject_reason: string | null;
  card_id: bigint | null;
  reapply_of: bigint | null;
  /** JSON `[{id, version}]` of the agreements accepted; null before migration 0009. */
  agreements: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface CardsTable {
  id: Generated<bigint>;
  user_id: bigint;
  application_id: bigint;
  type: CardType;
  region: string;
  status: Exclude<CardStatus, 'unknown'>;
  secret_sealed: string;
  /** HMAC of the card number (unique; null on cards issued before it was kept). */
  number_digest: string | null;
  last4: string;
  expiry: string;
  holder_name: string;
  balance: Generated<bigint>;
  pin_hash: string | null;
  /** Wrong current PINs in a row (see server/card/pin.ts). */
  pin_failures: Generated<bigint>;
  /** PIN changes are refused until then, after too many wrong current PINs. */
  pin_locked_until: string | null;
  blocked_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface CardRechargesTable {
  id: Generated<bigint>;
  user_id: bigint;
  card_id: bigint;
  amount: bigint;
  fee: bigint;
  status: Exclude<RechargeStatus, 'unknown'>;
  failure_reason: string | null;
  transfer_id: bigint;
  refund_transfer_id: bigint | null;
  created_at: string;
  finished_at: string | null;
}

export interface CardConsumptionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  card_id: bigint;
  amount: bigint;
  merchant: string;
  created_at: string;
}

export interface CardRevealChallengesTable {
  nonce: string;
  user_id: bigint;
  card_id: bigint;
  expires_at: string;
}

export interface CardTables {
  card_holders: CardHoldersTable;
  card_files: CardFilesTable;
  card_addresses: CardAddressesTable;
  card_applications: CardApplicationsTable;
  cards: CardsTable;
  card_recharges: CardRechargesTable;
  card_consumptions: CardConsumptionsTable;
  card_reveal_challenges: CardRevealChallengesTable;
}

export type CardHolderRow = Selectable<CardHoldersTable>;
export type CardFileRow = Selectable<CardFilesTable>;
export type CardAddressRow = Selectable<CardAddressesTable>;
export type CardApplicationRow = Selectable<CardApplicationsTable>;
export type CardRow = Selectable<CardsTable>;
export type CardRechargeRow = Selectable<CardRechargesTable>;
export type CardConsumptionRow = Selectable<CardConsumptionsTable>;
