import { createBadgeBatches } from './badge-batches-service';
import { createBadgeMaking } from './badge-making-service';
import type { BadgesDependencies } from './badges-dependencies';

/**
 * Printed sign-in badges of a school's students: made by the school's admin in batches, listed
 * and ended by them; checked at sign-in by `badge-credential.ts`.
 */
export function createBadgesService(deps: BadgesDependencies) {
  const { makeBadge } = createBadgeMaking(deps);
  return {
    makeBadge,
    ...createBadgeBatches(deps),
  };
}
export type BadgesService = ReturnType<typeof createBadgesService>;
