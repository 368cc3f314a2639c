import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPart } from '~/components/load-part';
import { PageTitle } from '~/components/page-title';
import { webConfig } from '~/config';
import { registerNamespace } from '~/i18n/i18n';
import id from '~/locales/id/sign-in.json';

// The page's texts in Indonesian come with this module, for its frame; the page brings both.
registerNamespace('sign-in', { id, en: () => import('~/locales/en/sign-in.json') });

/**
 * The sign-in page's steps, their checks (zod) and calls come as a part after this small module
 * (issue 38): the page's frame, its title the largest paint, shows as soon as the app shell runs,
 * which the sign-in chain's first page (`/auth/login`) has already brought into the cache.
 */
const pagePart = loadPart(() => import('~/features/sign-in/interaction-page'));

function InteractionPage() {
  const { InteractionPage: Page } = use(pagePart);
  return <Page />;
}

/** What `InteractionPage` shows while it asks for the interaction's details, without its code. */
function InteractionFrame() {
  const { t } = useTranslation('sign-in');
  const title = t('title', { domain: webConfig.domain });
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title={title} />
      <h1 tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {title}
      </h1>
      <p className="mt-3 text-muted" role="status">
        {t('loading')}
      </p>
    </div>
  );
}

export default function SignInInteractionRoute() {
  return (
    <Suspense fallback={<InteractionFrame />}>
      <InteractionPage />
    </Suspense>
  );
}
