import type { SessionUser } from '~/auth/auth-client';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import clsx from 'clsx';
import { QueryProvider } from '~/api/query-provider';
import { signOut } from '~/auth/auth-client';
import { RequireSignIn } from '~/auth/require-sign-in';
import { registerNamespace } from '~/i18n/i18n';
import { SectionMenu } from '~/layouts/section-menu';
import en from '~/locales/en/profile.json';
import id from '~/locales/id/profile.json';
import { PROFILE_SECTIONS } from './profile-sections';

registerNamespace('profile', { id, en });

/** What each section's page gets from the layout: the signed-in person. */
export type ProfileContext = { user: SessionUser };
export const useProfileContext = () => useOutletContext<ProfileContext>();

/**
 * `/profile` and its sections, in the portal's layout: sign-in required, TanStack
 * Query provided here, the section menu beside (or above, on a phone) the section's page.
 */
export function ProfileLayout() {
  return (
    <div className="page-container py-6">
      <RequireSignIn>
        {(user) => (
          <QueryProvider>
            <div className="md:grid md:grid-cols-[16rem_1fr] md:gap-8">
              <ProfileMenu onSignOut={signOut} />
              <div className="mt-6 min-w-0 md:mt-0">
                <Outlet context={{ user } satisfies ProfileContext} />
              </div>
            </div>
          </QueryProvider>
        )}
      </RequireSignIn>
    </div>
  );
}

/**
 * The sections, from the one list, in the area's section menu beside (or above, on a phone) the
 * section's page. Signing out stays in sight on a phone, outside the list the button opens.
 */
function ProfileMenu({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation('profile');
  const { pathname } = useLocation();
  const current = PROFILE_SECTIONS.find((section) => section.path === pathname);
  return (
    <SectionMenu
      label={t('menu.label')}
      toggleText={
        current
          ? t('menu.current', { section: t(`sections.${current.id}.title`) })
          : t('menu.title')
      }
      heading={
        <p className="hidden text-sm font-semibold text-muted md:block">{t('menu.title')}</p>
      }
      links={PROFILE_SECTIONS.map((section) => ({
        key: section.id,
        to: section.path,
        text: t(`sections.${section.id}.title`),
      }))}
      end
      listClassName={(open) => clsx('mt-2 space-y-1 md:block', open ? 'block' : 'hidden')}
      linkClassName={(isActive) =>
        clsx(
          'flex min-h-11 items-center rounded-md px-3 py-2 font-semibold',
          isActive ? 'bg-brand-soft text-brand-dark' : 'text-ink hover:bg-surface',
        )
      }
      after={
        <button type="button" className="btn btn-secondary mt-4 w-full" onClick={onSignOut}>
          {t('signOut')}
        </button>
      }
    />
  );
}
