/**
 * How long a listing stays public (docs/decisions/029-listing-freshness.md): apart from freshness.server.ts, which
 * moves listings between states through the post state machine, so that the post and page models that only show the
 * end date do not import the state machine (docs/decisions/065-a-house-by-feature.md: no circle of imports).
 */

/** Days a listing stays public after its last confirmation (docs/decisions/029-listing-freshness.md). */
export const LIFETIME_DAYS = 60;
const DAY_MS = 86_400_000;

/** When a listing confirmed at `confirmedAt` expires (LIFETIME_DAYS later). */
export function expiresAt(confirmedAt: Date): Date {
  return new Date(confirmedAt.getTime() + LIFETIME_DAYS * DAY_MS);
}
