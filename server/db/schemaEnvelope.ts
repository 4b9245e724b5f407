// Table types of the request envelope (migration 0014; server/envelope/).

/** One X25519 key pair requests are sealed to (server/envelope/keys.ts). */
export interface EnvelopeKeysTable {
  /** The key id of the key configuration, 0–255. */
  key_id: bigint;
  /**
   * The 32-byte secret key, sealed under the key-encryption key kept outside the database
   * (`sealed:` and base64: envelope/keySeal.ts); 64 hex digits (in the clear) only as
   * releases before it stored it, until the next start seals it.
   */
  secret_key: string;
  /** The 32-byte public key, hex. */
  public_key: string;
  created_at: string;
  /** Null while the key is current; else when it stops being accepted. */
  retires_at: string | null;
}

/** The nonce of an enveloped write, stored by the write's own transaction. */
export interface EnvelopeNoncesTable {
  /** 32 lowercase hex digits. */
  nonce: string;
  seen_at: string;
}

export interface EnvelopeTables {
  envelope_keys: EnvelopeKeysTable;
  envelope_nonces: EnvelopeNoncesTable;
}
