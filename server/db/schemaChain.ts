// Table types of the payments on the chain (migration 0003).
import type { Generated, Selectable } from 'kysely';

export type ChainPaymentStatus = 'pending' | 'confirmed' | 'rejected';

export interface ChainPaymentsTable {
  id: Generated<bigint>;
  user_id: bigint;
  /** Lower-case; unique across every purpose. */
  hash: string;
  purpose: string;
  /** JU units the transaction must carry. */
  amount: bigint;
  status: ChainPaymentStatus;
  failure: string | null;
  confirmations: Generated<bigint>;
  block_number: bigint | null;
  created_at: string;
  checked_at: string;
  confirmed_at: string | null;
  /** The address that sent it (the user's, or another wallet of theirs that signed a claim);
   * null on payments stored before it was kept, which came from the user's address. */
  payer: string | null;
  /** The sender's nonce: a replacement (speed-up or cancel) has the same one. */
  tx_nonce: bigint | null;
  /** The latest block when the node first showed the transaction: where a search for its
   * replacement starts. */
  seen_block: bigint | null;
  /** The transaction the chain mined in its place, when the wallet replaced it (lower-case). */
  mined_hash: string | null;
  /** Since when the node no longer knows the transaction (dropped or replaced). */
  unseen_since: string | null;
}

export type TicketRowStatus = 'pending_payment' | 'active' | 'in_cycle' | 'failed';

export interface TicketsTable {
  id: Generated<bigint>;
  user_id: bigint;
  payment_id: bigint;
  price: bigint;
  status: TicketRowStatus;
  created_at: string;
  last_operation_at: string;
}

export interface TicketApplicationsTable {
  id: Generated<bigint>;
  user_id: bigint;
  hash: string;
  payment_id: bigint | null;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  historical_balance: bigint;
  created_at: string;
  reviewed_at: string | null;
}

export type CycleRowStatus =
  'awaiting_payment' | 'running' | 'pending_payout' | 'paid' | 'payment_failed';

export interface CyclesTable {
  id: Generated<bigint>;
  user_id: bigint;
  ticket_id: bigint;
  payment_id: bigint;
  paid_in: bigint;
  principal_return: bigint;
  profit: bigint;
  status: CycleRowStatus;
  created_at: string;
  started_at: string | null;
  due_at: string | null;
  paid_at: string | null;
  payout_transfer_id: bigint | null;
}

export interface NodeOrdersTable {
  id: Generated<bigint>;
  user_id: bigint;
  quantity: bigint;
  unit_price: bigint;
  total: bigint;
  power: bigint;
  status: 'open' | 'awaiting_payment' | 'paid' | 'expired';
  paid_with: 'chain' | 'balance' | null;
  payment_id: bigint | null;
  transfer_id: bigint | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
}

export interface PowerLogTable {
  id: Generated<bigint>;
  user_id: bigint;
  change: bigint;
  total_after: bigint;
  reason: string;
  order_id: bigint | null;
  created_at: string;
}

export interface ReleaseTransfersTable {
  id: Generated<bigint>;
  user_id: bigint;
  amount: bigint;
  transfer_id: bigint;
  created_at: string;
}

export interface ChainTables {
  chain_payments: ChainPaymentsTable;
  tickets: TicketsTable;
  ticket_applications: TicketApplicationsTable;
  cycles: CyclesTable;
  node_orders: NodeOrdersTable;
  power_log: PowerLogTable;
  release_transfers: ReleaseTransfersTable;
}

export type ChainPaymentRow = Selectable<ChainPaymentsTable>;
export type TicketRow = Selectable<TicketsTable>;
export type TicketApplicationRow = Selectable<TicketApplicationsTable>;
export type CycleRow = Selectable<CyclesTable>;
export type NodeOrderRow = Selectable<NodeOrdersTable>;
