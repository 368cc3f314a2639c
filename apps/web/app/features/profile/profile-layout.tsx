import type { User } from 'oidc-client-ts';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useOutletContext } from 'react-router';
import clsx from 'clsx';
import { QueryProvider } from '~/api/query-provider';
import { signOut } from '~/auth/auth-client';
import { RequireSignIn } from '~/auth/require-sign-in';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/profile.json';
import id from '~/locales/id/profile.json';
import { PROFILE_SECTIONS } from './profile-sections';

registerNamespace('profile', { id, en });

/** What each section's page gets from the layout: the signed-in person. */
export type ProfileContext = { user: User; token: string };
export const useProfileContext = () => useOutletContext<ProfileContext>();

/**
 * `/profile` and its sections (issue 35), in the portal's layout: sign-in required, TanStack
 * Query provided here, the section menu beside (or above, on a phone) the section's page.
 */
export function ProfileLayout() {
  return (
    <div className="page-container py-6">
      <RequireSignIn>
        {(user) => (
          <QueryProvider>
            <div className="md:grid md:grid-cols-[16rem_1fr] md:gap-8">
              <ProfileMenu onSignOut={() => void signOut(user.id_token)} />
              <div className="mt-6 min-w-0 md:mt-0">
                <Outlet context={{ user, token: user.access_token } satisfies ProfileContext} />
              </div>
            </div>
          </QueryProvider>
        )}
      </RequireSignIn>
    </div>
  );
}

/** The sections, from the one list; the current one carries `aria-current="page"`. */
function ProfileMenu({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <nav aria-label={t('menu.label')}>
      <p className="text-sm font-semibold text-muted">{t('menu.title')}</p>
      <ul className="mt-2 space-y-1">
        {PROFILE_SECTIONS.map((section) => (
          <li key={section.id}>
            <NavLink
              to={section.path}
              end
              className={({ isActive }) =>
                clsx(
                  'flex min-h-11 items-center rounded-md px-3 py-2 font-semibold',
                  isActive ? 'bg-brand-soft text-brand-dark' : 'text-ink hover:bg-surface',
                )
              }
            >
              {t(`sections.${section.id}.title`)}
            </NavLink>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary mt-4 w-full" onClick={onSignOut}>
        {t('signOut')}
      </button>
    </nav>
  );
}
