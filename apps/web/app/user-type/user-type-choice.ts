import type { UserType } from '@portal/contracts/user-types';

export const USER_TYPE_STORAGE_KEY = 'portal.userType';
export const USER_TYPES: readonly UserType[] = ['ptk', 'pd', 'dinas'];

/** The route a chosen user type continues to (SPEC §2). */
export const routeForUserType = (userType: UserType): string =>
  userType === 'dinas' ? '/account/dinas' : '/account/lookup/v2';

export function readRememberedUserType(): UserType | null {
  try {
    const stored = window.localStorage.getItem(USER_TYPE_STORAGE_KEY);
    return USER_TYPES.find((userType) => userType === stored) ?? null;
  } catch {
    return null;
  }
}

export function rememberUserType(userType: UserType): void {
  try {
    window.localStorage.setItem(USER_TYPE_STORAGE_KEY, userType);
  } catch {
    // Without storage the choice still routes; it is only not remembered.
  }
}
