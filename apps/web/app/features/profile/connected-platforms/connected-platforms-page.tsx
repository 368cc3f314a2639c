import type { ConnectedPlatform, PlatformScope } from '@portal/contracts/platforms';
import type { SessionUser } from '~/auth/auth-client';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { Modal } from '~/components/modal';
import { PageTitle } from '~/components/page-title';
import { registerNamespace } from '~/i18n/i18n';
import { useLocaliseMessage } from '~/i18n/server-messages';
import en from '~/locales/en/connected-platforms.json';
import id from '~/locales/id/connected-platforms.json';
import { useProfileContext } from '../profile-layout';
import { useConnectedPlatforms } from './api/get-connected-platforms';
import { useWithdrawConnectedPlatform } from './api/withdraw-connected-platform';
import { PendingButton } from '~/components/pending-button';

registerNamespace('connected-platforms', { id, en });

/**
 * `/profile/platform-terhubung`, a section of the profile: the ministry's platforms
 * the person signed in to with their learning account, what each receives, and a way to
 * withdraw that access.
 */
export function ConnectedPlatformsPage() {
  const { t } = useTranslation('connected-platforms');
  const { user } = useProfileContext();
  return (
    <>
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('intro')}</p>
      <ConnectedPlatforms user={user} />
    </>
  );
}

/** The list, each platform with its withdrawal (asked first). */
export function ConnectedPlatforms({ user }: { user: SessionUser }) {
  const { t } = useTranslation('connected-platforms');
  const localise = useLocaliseMessage();
  const query = useConnectedPlatforms(user);
  const withdraw = useWithdrawConnectedPlatform(user);
  const [asking, setAsking] = useState<ConnectedPlatform | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  return (
    <>
      {query.isPending ? (
        <p role="status" className="mt-4 text-muted">
          {t('loading')}
        </p>
      ) : null}
      {query.isError ? (
        <div className="mt-4">
          <Alert variant="error">
            {query.error instanceof ApiError ? localise(query.error) : t('failed')}
          </Alert>
          <button
            type="button"
            className="btn btn-secondary mt-3"
            onClick={() => void query.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : null}
      {/* Focus lands here after a withdrawal: the platform's row, and its button, are gone. */}
      <p
        ref={status}
        tabIndex={-1}
        aria-live="polite"
        className="mt-4 font-semibold focus:outline-none"
      >
        {done}
      </p>
      {query.data?.length === 0 ? <p className="mt-2">{t('none')}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="mt-2 space-y-3" aria-label={t('title')}>
          {query.data.map((platform) => (
            <li
              key={platform.clientId}
              className="flex flex-wrap items-start gap-3 rounded-lg border border-line p-3"
            >
              <PlatformLogo platform={platform} />
              <div className="min-w-0 flex-1 basis-48">
                <h2 className="text-lg font-bold break-words">{platform.name}</h2>
                <Received scopes={platform.scopes} />
                <p className="mt-1 text-sm text-muted">
                  <ConnectedSince iso={platform.connectedAt} />
                </p>
              </div>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  withdraw.reset();
                  setDone(null);
                  setAsking(platform);
                }}
              >
                {t('withdraw', { name: platform.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Modal
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        size="help"
        title={asking ? t('confirmTitle', { name: asking.name }) : ''}
        description={t('confirmText')}
      >
        {withdraw.error instanceof ApiError ? (
          <Alert variant="field-error">{localise(withdraw.error)}</Alert>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <PendingButton
            type="button"
            className="btn btn-primary"
            pending={withdraw.isPending}
            onClick={() => {
              if (!asking) return;
              const { clientId, name } = asking;
              withdraw.mutate(clientId, {
                onSuccess: () => {
                  setAsking(null);
                  setDone(t('withdrawn', { name }));
                  // After the dialog hands focus back to a button that is gone.
                  setTimeout(() => status.current?.focus(), 0);
                },
              });
            }}
          >
            {t('confirmYes')}
          </PendingButton>
          <button type="button" className="btn btn-secondary" onClick={() => setAsking(null)}>
            {t('confirmNo')}
          </button>
        </div>
      </Modal>
    </>
  );
}

/** The platform's logo, or its initial where there is none or it does not load. */
function PlatformLogo({ platform }: { platform: ConnectedPlatform }) {
  const [broken, setBroken] = useState(false);
  if (platform.logoUri && !broken) {
    return (
      <img
        src={platform.logoUri}
        alt=""
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-md border border-line object-contain"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-md bg-brand-soft text-xl font-bold text-brand-dark"
    >
      {platform.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

const SHOWN_SCOPES: readonly Exclude<PlatformScope, 'openid'>[] = [
  'profile',
  'email',
  'schools',
  'user_type',
  'offline_access',
];

/** What the platform receives, in the person's words (openid, the sign-in itself, left out). */
function Received({ scopes }: { scopes: readonly PlatformScope[] }) {
  const { t } = useTranslation('connected-platforms');
  const shown = SHOWN_SCOPES.filter((scope) => scopes.includes(scope));
  return (
    <div className="mt-1">
      <p className="text-sm font-semibold">{t('receives')}</p>
      <ul className="list-disc pl-5 text-sm">
        <li>{t('scopes.openid')}</li>
        {shown.map((scope) => (
          <li key={scope}>{t(`scopes.${scope}`)}</li>
        ))}
      </ul>
    </div>
  );
}

function ConnectedSince({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation('connected-platforms');
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'long',
    timeZone: 'Asia/Jakarta',
  }).format(Date.parse(iso));
  return (
    <>
      {t('since')} <time dateTime={iso}>{date}</time>
    </>
  );
}
