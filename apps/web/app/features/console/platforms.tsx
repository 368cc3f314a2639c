import type { PlatformClient, PlatformWithSecret } from '@portal/contracts/platforms';
import { CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { usePlatforms } from './api/get-platforms';
import { useRegisterPlatform } from './api/register-platform';
import { ConsoleSectionPage } from './console-section';
import { formatWib } from './console-time';
import { EMPTY_PLATFORM, PlatformForm } from './platform-form';
import { PlatformSecret } from './platform-secret';
import './platform-texts';

/** `/konsol/platform`: the platforms that sign people in, for platform admins. */
export function PlatformsPage() {
  return <ConsoleSectionPage section="platforms">{() => <Platforms />}</ConsoleSectionPage>;
}

/** Every registered platform, and the form that registers one (its secret shown once). */
export function Platforms() {
  const { t } = useTranslation('console-platforms');
  const localise = useLocaliseMessage();
  const platforms = usePlatforms();
  const register = useRegisterPlatform();
  const [registering, setRegistering] = useState(false);
  const [created, setCreated] = useState<PlatformWithSecret | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = platforms.data;
  return (
    <section aria-labelledby="platforms-title">
      <h1 id="platforms-title" className="text-3xl font-bold">
        {t('sections.platforms', { ns: 'console' })}
      </h1>
      <p className="mt-2 max-w-3xl text-muted">{t('intro')}</p>
      {created?.secret ? (
        <PlatformSecret
          clientId={created.client.clientId}
          secret={created.secret}
          previousValidUntil={null}
          rotated={false}
          onDone={() => {
            setCreated(null);
            toggle.current?.focus();
          }}
        />
      ) : null}
      <p aria-live="polite" className="mt-4 font-semibold">
        {created ? t('registered', { name: created.client.name }) : null}
      </p>
      <button
        ref={toggle}
        type="button"
        className="btn btn-secondary mt-2"
        aria-expanded={registering}
        aria-controls="platform-register"
        onClick={() => {
          register.reset();
          setRegistering((shown) => !shown);
        }}
      >
        {t('register')}
      </button>
      <div id="platform-register">
        {registering ? (
          <section aria-labelledby="platform-register-title" className="mt-6">
            <h2 id="platform-register-title" className="text-2xl font-bold">
              {t('registerTitle')}
            </h2>
            <PlatformForm
              mode="create"
              initial={EMPTY_PLATFORM}
              pending={register.isPending}
              submitLabel={t('submitRegister')}
              onSubmit={(body) =>
                register.mutateAsync(body).then((result) => {
                  setRegistering(false);
                  setCreated(result);
                  // Without a secret to keep, the way on is the toggle the form sat under.
                  if (!result.secret) toggle.current?.focus();
                })
              }
            />
          </section>
        ) : null}
      </div>

      <h2 className="mt-10 text-2xl font-bold">{t('listTitle')}</h2>
      {platforms.error instanceof ApiError ? (
        <Alert variant="error" className="mt-3">
          {localise(platforms.error)}
        </Alert>
      ) : null}
      {platforms.isPending ? (
        <p role="status" className="mt-2 text-muted">
          {t('loading', { ns: 'console' })}
        </p>
      ) : null}
      {list ? (
        <p className="mt-2">{list.length === 0 ? t('none') : t('total', { count: list.length })}</p>
      ) : null}
      <ul className="mt-2 divide-y divide-line border-y border-line" aria-label={t('listTitle')}>
        {list?.map((platform) => (
          <li
            key={platform.clientId}
            className="flex flex-wrap items-start justify-between gap-3 py-3"
          >
            <div className="min-w-0 flex-1 basis-64">
              <h3 className="font-semibold break-words">{platform.name}</h3>
              <PlatformFacts platform={platform} />
            </div>
            <Link
              to={`${CONSOLE_SECTION_PAGES.platforms}/${encodeURIComponent(platform.clientId)}`}
              className="btn btn-secondary max-w-full wrap-anywhere"
            >
              {t('manage', { name: platform.name })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A platform's client id, authentication, first-party setting and status; `full` adds the rest. */
export function PlatformFacts({
  platform,
  full = false,
}: {
  platform: PlatformClient;
  full?: boolean;
}) {
  const { t, i18n } = useTranslation('console-platforms');
  const when = (iso: string) => formatWib(iso, i18n.language);
  const row = (term: string, value: string, code = false) => (
    <div className="sm:flex sm:gap-2">
      <dt className="font-semibold">{term}:</dt>
      <dd className={code ? 'font-mono break-all' : 'break-words'}>{value}</dd>
    </div>
  );
  return (
    <dl className="mt-1 text-sm">
      {row(t('facts.clientId'), platform.clientId, true)}
      {row(t('facts.authMethod'), t(`authMethods.${platform.authMethod}`))}
      {row(t('facts.firstParty'), platform.firstParty ? t('facts.yes') : t('facts.no'))}
      {row(
        t('facts.badgeSignIn'),
        platform.badgeSignIn ? t('facts.badgeSignInYes') : t('facts.no'),
      )}
      {row(t('facts.status'), platform.disabled ? t('facts.disabled') : t('facts.active'))}
      {full ? (
        <>
          {row(t('facts.contact'), `${platform.contactName} <${platform.contactEmail}>`)}
          {platform.secretCreatedAt
            ? row(t('facts.secretCreatedAt'), when(platform.secretCreatedAt))
            : null}
          {platform.previousSecretValidUntil &&
          Date.parse(platform.previousSecretValidUntil) > Date.now()
            ? row(t('facts.previousSecretValidUntil'), when(platform.previousSecretValidUntil))
            : null}
          {row(t('facts.createdAt'), when(platform.createdAt))}
          {row(t('facts.updatedAt'), when(platform.updatedAt))}
        </>
      ) : null}
    </dl>
  );
}
