import type { SessionUser } from '~/auth/auth-client';
import { useTranslation } from 'react-i18next';
import { useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
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
export type ProfileContext = { user: SessionUser };
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
 * The sections, from the one list; the current one carries `aria-current="page"`. Below `md`
 * a disclosure button names the current section and opens the list (Escape closes it), so a
 * phone shows the section's content first and a keyboard reaches it without passing seven links;
 * wider screens show the list beside the content (as the console's section menu does).
 */
function ProfileMenu({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation('profile');
  const { pathname } = useLocation();
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // A navigation closes the list, adjusted during render as React advises.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  const current = PROFILE_SECTIONS.find((section) => section.path === pathname);
  return (
    <nav
      aria-label={t('menu.label')}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <p className="hidden text-sm font-semibold text-muted md:block">{t('menu.title')}</p>
      <button
        ref={button}
        type="button"
        className="btn btn-secondary w-full justify-between md:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span>
          {current
            ? t('menu.current', { section: t(`sections.${current.id}.title`) })
            : t('menu.title')}
        </span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id={listId} className={clsx('md:block', open ? 'block' : 'hidden')}>
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
      </div>
      {/* Signing out stays in sight on a phone, outside the list it opens. */}
      <button type="button" className="btn btn-secondary mt-4 w-full" onClick={onSignOut}>
        {t('signOut')}
      </button>
    </nav>
  );
}
