import { PROFILE_SECTION_PAGES, type ProfileSection } from '@portal/contracts/web-routes';

/**
 * The profile's sections, in the menu's order: the one list the menu renders. A new section
 * (sign-in methods, connected platforms) is one entry here, its page in the contracts'
 * `PROFILE_SECTION_PAGES`, its route and its texts under `sections.<id>` in the catalogue.
 */
export const PROFILE_SECTIONS: readonly { id: ProfileSection; path: string }[] = (
  Object.keys(PROFILE_SECTION_PAGES) as ProfileSection[]
).map((id) => ({ id, path: PROFILE_SECTION_PAGES[id] }));
