import {
  PLATFORM_LIMITS,
  PLATFORM_MESSAGES,
  PlatformRotateSecretBodySchema,
  type PlatformClient,
} from '@portal/contracts/platforms';
import { CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '~/api/api-client';
import { contractResolver } from '~/components/contract-resolver';
import { FormField } from '~/components/form-field';
import { fromFormError, useLocaliseMessage } from '~/i18n/server-messages';
import { usePlatform } from './api/get-platform';
import { useRotatePlatformSecret } from './api/rotate-platform-secret';
import { useSetPlatformDisabled } from './api/set-platform-disabled';
import { useUpdatePlatform } from './api/update-platform';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleDetail } from './console-detail';
import { ConsoleSectionPage } from './console-section';
import { PlatformForm, draftOf } from './platform-form';
import { PlatformSecret } from './platform-secret';
import './platform-texts';
import { PlatformFacts } from './platforms';

/** `/konsol/platform/:clientId`: one platform's settings, secret and status. */
export function PlatformPage() {
  const { clientId = '' } = useParams();
  return (
    <ConsoleSectionPage section="platforms">
      {() => <PlatformDetail key={clientId} clientId={clientId} />}
    </ConsoleSectionPage>
  );
}

export function PlatformDetail({ clientId }: { clientId: string }) {
  const { t } = useTranslation('console-platforms');
  const query = usePlatform(clientId);
  return (
    <ConsoleDetail
      item={query.data}
      pending={query.isPending}
      problem={query.error instanceof ApiError ? query.error : PLATFORM_MESSAGES.notFound}
      backTo={CONSOLE_SECTION_PAGES.platforms}
      backLabel={t('back')}
      titleOf={(platform) => platform.name}
      titleClassName="break-words"
    >
      {(platform) => (
        <>
          <PlatformFacts platform={platform} full />
          <Settings platform={platform} />
          {platform.authMethod === 'client_secret_basic' ? (
            <RotateSecret platform={platform} />
          ) : null}
          <StatusActions platform={platform} />
        </>
      )}
    </ConsoleDetail>
  );
}

function Settings({ platform }: { platform: PlatformClient }) {
  const { t } = useTranslation('console-platforms');
  const update = useUpdatePlatform(platform.clientId);
  // A saved form starts again from what the API kept (addresses deduplicated, e-mail lowered).
  const [version, setVersion] = useState(0);
  const [saved, setSaved] = useState(false);
  return (
    <section aria-labelledby="platform-settings-title" className="mt-10">
      <h2 id="platform-settings-title" className="text-2xl font-bold">
        {t('form.settingsTitle')}
      </h2>
      <PlatformForm
        key={version}
        mode="edit"
        initial={draftOf(platform)}
        pending={update.isPending}
        submitLabel={t('form.save')}
        onSubmit={(body) => {
          setSaved(false);
          return update.mutateAsync(body).then(() => {
            setVersion((count) => count + 1);
            setSaved(true);
          });
        }}
      />
      <p aria-live="polite" className="mt-2 font-semibold">
        {saved ? t('form.saved') : null}
      </p>
    </section>
  );
}

type Shown = { secret: string; previousValidUntil: string | null };

/** The overlap as typed; an empty box is no number, for the schema to refuse. */
type OverlapValues = { overlapHours: string };
type OverlapBody = z.output<typeof PlatformRotateSecretBodySchema>;
const overlapResolver = contractResolver<OverlapValues, OverlapBody>(
  PlatformRotateSecretBodySchema,
  ({ overlapHours }) => ({
    overlapHours: overlapHours.trim() === '' ? Number.NaN : Number(overlapHours),
  }),
);

/** A new secret with an overlap in hours, asked first; the new secret is then shown once. */
function RotateSecret({ platform }: { platform: PlatformClient }) {
  const { t } = useTranslation('console-platforms');
  const localise = useLocaliseMessage();
  const overlapId = useId();
  const rotate = useRotatePlatformSecret(platform.clientId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OverlapValues, unknown, OverlapBody>({
    defaultValues: { overlapHours: String(PLATFORM_LIMITS.defaultOverlapHours) },
    resolver: overlapResolver,
    // The refusal is announced where it shows; focus stays on the button that was pressed.
    shouldFocusError: false,
  });
  const [asking, setAsking] = useState<number | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const ask = handleSubmit(({ overlapHours }) => {
    setShown(null);
    rotate.reset();
    setAsking(overlapHours);
  });
  return (
    <section aria-labelledby="platform-rotate-title" className="mt-10 max-w-3xl">
      <h2 id="platform-rotate-title" className="text-2xl font-bold">
        {t('rotate.title')}
      </h2>
      <p className="mt-2">{t('rotate.intro')}</p>
      <form onSubmit={(event) => void ask(event)} noValidate className="mt-4 space-y-4">
        <FormField
          id={overlapId}
          label={t('rotate.overlap')}
          hint={t('rotate.overlapHint')}
          error={localise(fromFormError(errors.overlapHours))}
          announceError
          className="max-w-xs"
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={PLATFORM_LIMITS.maxOverlapHours}
              step={1}
              {...register('overlapHours')}
            />
          )}
        </FormField>
        <button ref={button} type="submit" className="btn btn-secondary">
          {t('rotate.action')}
        </button>
      </form>
      {shown ? (
        <PlatformSecret
          clientId={platform.clientId}
          secret={shown.secret}
          previousValidUntil={shown.previousValidUntil}
          rotated
          onDone={() => {
            setShown(null);
            button.current?.focus();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={t('rotate.confirm', { name: platform.name })}
        description={
          asking === 0
            ? t('rotate.confirmTextNow')
            : t('rotate.confirmText', { count: asking ?? 0 })
        }
        confirmLabel={t('rotate.yes')}
        pending={rotate.isPending}
        error={rotate.error}
        onConfirm={() => {
          if (asking === null) return;
          rotate.mutate(asking, {
            onSuccess: ({ client, secret }) => {
              setAsking(null);
              if (secret) {
                setShown({ secret, previousValidUntil: client.previousSecretValidUntil });
              }
            },
          });
        }}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}

/** Disabling (refused at once, grants ended) and enabling, each asked first. */
function StatusActions({ platform }: { platform: PlatformClient }) {
  const { t } = useTranslation('console-platforms');
  const change = useSetPlatformDisabled(platform.clientId);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const disabling = !platform.disabled;
  return (
    <section aria-labelledby="platform-status-title" className="mt-10 max-w-3xl">
      <h2 id="platform-status-title" className="text-2xl font-bold">
        {t('status.title')}
      </h2>
      <p className="mt-2">{platform.disabled ? t('facts.disabled') : t('facts.active')}</p>
      <button
        type="button"
        className="btn btn-secondary mt-3"
        onClick={() => {
          change.reset();
          setDone(null);
          setAsking(true);
        }}
      >
        {disabling ? t('status.disable') : t('status.enable')}
      </button>
      <p aria-live="polite" className="mt-2 font-semibold">
        {done}
      </p>
      <ConfirmDialog
        open={asking}
        title={
          disabling
            ? t('status.confirmDisable', { name: platform.name })
            : t('status.confirmEnable', { name: platform.name })
        }
        description={disabling ? t('status.confirmDisableText') : t('status.confirmEnableText')}
        confirmLabel={disabling ? t('status.yesDisable') : t('status.yesEnable')}
        pending={change.isPending}
        error={change.error}
        onConfirm={() =>
          change.mutate(disabling, {
            onSuccess: (saved) => {
              setAsking(false);
              setDone(saved.disabled ? t('status.disabledNote') : t('status.enabledNote'));
            },
          })
        }
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
