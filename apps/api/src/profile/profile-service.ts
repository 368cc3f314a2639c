import { createDataExport } from './data-export';
import { createPasswordChange } from './password-change';
import type { ProfileDependencies } from './profile-dependencies';
import { createProfileOverview } from './profile-overview';
import { createSignedInPlaces } from './signed-in-places';

/**
 * The account holder's home (SPEC §2): what they read about themselves, their
 * password, personal e-mail, the places they are signed in and a copy of their data. One part
 * per file over the module's one deps type; operation names stay unique across the parts.
 */
export function createProfileService(deps: ProfileDependencies) {
  return {
    ...createProfileOverview(deps),
    ...createPasswordChange(deps),
    ...createSignedInPlaces(deps),
    ...createDataExport(deps),
    /** A new personal e-mail, by a code sent to it (the e-mail change's rules and counters). */
    startPersonalEmailChange: deps.emailChange.startSignedIn,
    confirmPersonalEmailChange: deps.emailChange.confirmSignedIn,
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
