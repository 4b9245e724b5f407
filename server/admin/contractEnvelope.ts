// The operator API for the request envelope's keys (/admin/v1/envelope), shared by the server
// (envelope/adminRoutes.ts) and the admin CLI's `envelope keys` and `envelope rotate`. No
// answer ever holds a secret key.
import * as v from 'valibot';
import { defineEndpoint } from '../../contract/api/endpoint.ts';

export const adminEnvelopePaths = {
  keys: '/admin/v1/envelope/keys',
  rotate: '/admin/v1/envelope/rotate',
} as const;

export const envelopeKeySchema = v.object({
  key_id: v.number(),
  /** The X25519 public key, hex. */
  public_key: v.string(),
  created_at: v.string(),
  /** Null while the key is current. */
  retires_at: v.nullable(v.string()),
  /** current: what /config.json offers first; retiring: still accepted; retired: refused. */
  status: v.picklist(['current', 'retiring', 'retired']),
});
export type EnvelopeKey = v.InferOutput<typeof envelopeKeySchema>;

export const envelopeKeysDataSchema = v.object({
  /** Whether this server has the envelope on (ENVELOPE, PUBLIC_URL). */
  envelope: v.boolean(),
  /** After a rotation, how long the previous key keeps working (ENVELOPE_KEY_GRACE_SECONDS). */
  grace_seconds: v.number(),
  /** Every stored key, the current one first. */
  keys: v.array(envelopeKeySchema),
});
export type EnvelopeKeysData = v.InferOutput<typeof envelopeKeysDataSchema>;

/** Every endpoint of the envelope's operator API, described once (api/endpoint.ts). */
export const adminEnvelopeEndpoints = {
  keys: defineEndpoint({
    method: 'GET',
    path: adminEnvelopePaths.keys,
    auth: 'admin',
    output: envelopeKeysDataSchema,
  }),
  rotate: defineEndpoint({
    method: 'POST',
    path: adminEnvelopePaths.rotate,
    auth: 'admin',
    output: envelopeKeysDataSchema,
  }),
};
