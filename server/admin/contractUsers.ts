// The operator API for a user's level (/admin/v1/users/level), shared by the server
// (users/adminRoutes.ts) and the admin CLI's `user level`. Levels (V0, V1, …) are the
// operator's to give: no rule of the product raises them by itself.
import * as v from 'valibot';
import { defineEndpoint } from '../../contract/api/endpoint.ts';

export const MAX_USER_LEVEL = 99;

export const adminUserPaths = {
  level: '/admin/v1/users/level',
} as const;

export const setLevelRequestSchema = v.object({
  address: v.string(),
  level: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_USER_LEVEL)),
});

export const setLevelDataSchema = v.object({
  address: v.string(),
  level: v.number(),
  /** False when the user was at that level already. */
  changed: v.boolean(),
});
export type SetLevelData = v.InferOutput<typeof setLevelDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const adminUserEndpoints = {
  level: defineEndpoint({
    method: 'POST',
    path: adminUserPaths.level,
    auth: 'admin',
    input: setLevelRequestSchema,
    output: setLevelDataSchema,
  }),
};
