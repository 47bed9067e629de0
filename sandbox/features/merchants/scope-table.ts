/**
 * The scope table of sandbox/README.md ("Scopes"), one row per secret-key route of the route
 * table (contract/routes.ts): which scope a key needs and which mode of key the route accepts.
 * `scope-table.test.ts` checks that the README holds exactly these rows, so the documented table
 * and the enforced one cannot drift.
 */
import type { RouteDef } from '../../../contract/route';

/** The README cells of `route`: ``[`GET /sandbox/v1/clock`, `sandbox:controls`, test keys only]``. */
export function scopeTableRow(route: RouteDef): [string, string, string] {
  const keys =
    route.testOnly === true
      ? 'test keys only'
      : route.liveOnly === true
        ? 'live keys only'
        : 'test or live (acts on the key’s mode)';
  const scope = route.scope === undefined ? 'none' : `\`${route.scope}\``;
  return [`\`${route.method} ${route.path}\``, scope, keys];
}
