// The operator API for the team figures (/admin/v1/team), shared by the server
// (users/adminRoutes.ts) and the admin CLI's `team check`.
import * as v from 'valibot';
import { defineEndpoint } from '../../contract/api/endpoint.ts';

export const adminTeamPaths = {
  check: '/admin/v1/team/check',
} as const;

/** The most differences one answer lists; `mismatch_count` counts them all. */
export const TEAM_CHECK_LISTED = 1000;

export const teamCheckDataSchema = v.object({
  ok: v.boolean(),
  /** Users whose figures were recomputed and compared. */
  users: v.number(),
  /** Deltas waiting for the fold. */
  unfolded: v.number(),
  mismatch_count: v.number(),
  mismatches: v.array(
    v.object({
      user_id: v.string(),
      /** Null for figures kept for a user id that does not exist. */
      address: v.nullable(v.string()),
      /** `direct`, `team`, `personal_performance` or `team_performance`. */
      figure: v.string(),
      /** Counts, or JU for performance. */
      stored: v.string(),
      recomputed: v.string(),
    }),
  ),
});
export type TeamCheckData = v.InferOutput<typeof teamCheckDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const adminTeamEndpoints = {
  check: defineEndpoint({
    method: 'GET',
    path: adminTeamPaths.check,
    auth: 'admin',
    output: teamCheckDataSchema,
  }),
};
