// /admin/v1/envelope: the operator's view of the envelope's keys, and their rotation
// (`npm run admin -- envelope keys | rotate`). They belong to no area, so app.ts serves them
// beside the areas' route table. Neither answer holds a secret key. Both work with the
// envelope off too: the keys are then only stored, for when it is turned on.
import { adminEnvelopeEndpoints, type EnvelopeKeysData } from '../admin/contractEnvelope.ts';
import type { HttpContext } from '../http/httpContext.ts';
import { defineRoute } from '../http/route.ts';
import { keySealFor } from './keySeal.ts';
import { listKeys, rotateKeys, type EnvelopeKeyInfo } from './keys.ts';
import { nodeCrypto } from './nodeCrypto.ts';

function keysData(context: HttpContext, keys: readonly EnvelopeKeyInfo[]): EnvelopeKeysData {
  return {
    envelope: context.envelope !== undefined,
    grace_seconds: context.settings.envelopeKeyGraceSeconds,
    keys: keys.map((key) => ({
      key_id: key.keyId,
      public_key: key.publicKey,
      created_at: key.createdAt,
      retires_at: key.retiresAt,
      status: key.status,
    })),
  };
}

export const envelopeAdminRoutes = [
  defineRoute({
    endpoint: adminEnvelopeEndpoints.keys,
    async handler({ context }): Promise<EnvelopeKeysData> {
      return keysData(context, await listKeys(context.db, context.now()));
    },
  }),
  defineRoute({
    endpoint: adminEnvelopeEndpoints.rotate,
    async handler({ context }): Promise<EnvelopeKeysData> {
      // With the envelope off the keys are only prepared: a server started with it on uses them.
      if (context.envelope) return keysData(context, await context.envelope.keys.rotate());
      const { db, settings } = context;
      await rotateKeys(
        db,
        nodeCrypto(),
        keySealFor(settings),
        context.now(),
        settings.envelopeKeyGraceSeconds,
      );
      return keysData(context, await listKeys(db, context.now()));
    },
  }),
];
