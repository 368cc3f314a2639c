import type { ToggleOverview } from '@portal/contracts/console';
import { SETTING_MAX_LENGTH } from '@portal/contracts/console';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { FormField } from '~/components/form-field';
import { Modal } from '~/components/modal';
import { webConfig } from '~/config';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { ScrollRegion } from '~/components/scroll-region';
import { Alert } from '~/components/alert';
import { useFeatureToggles } from './api/get-feature-toggles';
import { useChangeFeatureToggle } from './api/change-feature-toggle';
import { ConsoleSectionPage } from './console-section';
import { PendingButton } from '~/components/pending-button';

/** `/konsol/fitur`: the toggles and text settings, for operators. */
export function FeatureTogglesPage() {
  return <ConsoleSectionPage section="toggles">{() => <FeatureToggles />}</ConsoleSectionPage>;
}

type Change = { key: string; value: boolean | string; previous: boolean | string };

/**
 * The toggles and text settings of SPEC §3: what each switches, a change only after
 * a confirmation that says what it does, and who changed what before.
 */
export function FeatureToggles() {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  const [pending, setPending] = useState<Change | null>(null);
  const overview = useFeatureToggles();
  const change = useChangeFeatureToggle();
  const data = overview.data;
  return (
    <section aria-labelledby="toggles-title">
      <h1 id="toggles-title" className="text-3xl font-bold">
        {t('toggles.title')}
      </h1>
      <p className="mt-2 text-muted">{t('toggles.lead')}</p>
      <p aria-live="polite" className="mt-2 font-semibold">
        {change.isSuccess ? t('toggles.saved') : null}
      </p>
      {change.error instanceof ApiError ? (
        <Alert variant="field-error">{localise(change.error)}</Alert>
      ) : null}
      {data ? (
        <>
          <ul className="mt-4 divide-y divide-line border-y border-line">
            {data.toggles.map((toggle) => (
              <li key={toggle.key} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1 basis-64">
                  <h2 className="break-all font-mono font-semibold">{toggle.key}</h2>
                  <p className="text-sm text-muted">
                    {t(`toggles.what.${toggle.key}`, { domain: webConfig.domain })}
                  </p>
                </div>
                <span className="font-semibold">
                  {toggle.enabled ? t('toggles.on') : t('toggles.off')}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={t(toggle.enabled ? 'toggles.turnOffNamed' : 'toggles.turnOnNamed', {
                    key: toggle.key,
                  })}
                  onClick={() =>
                    setPending({
                      key: toggle.key,
                      value: !toggle.enabled,
                      previous: toggle.enabled,
                    })
                  }
                >
                  {toggle.enabled ? t('toggles.turnOff') : t('toggles.turnOn')}
                </button>
              </li>
            ))}
          </ul>
          <h2 className="mt-8 text-xl font-bold">{t('toggles.settingsTitle')}</h2>
          {data.settings.map((setting) => (
            <SettingForm
              key={`${setting.key}:${setting.value}`}
              setting={setting}
              onSave={(value) => setPending({ key: setting.key, value, previous: setting.value })}
            />
          ))}
          <ChangeLog changes={data.changes} />
        </>
      ) : (
        <p role="status" className="mt-3 text-muted">
          {overview.isError ? t('toggles.loadFailed') : t('loading')}
        </p>
      )}
      <Modal
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        size="help"
        title={pending ? t('toggles.confirmTitle', { key: pending.key }) : ''}
        description={
          pending ? t(`toggles.what.${pending.key}`, { domain: webConfig.domain }) : undefined
        }
      >
        {pending ? (
          <>
            <p>
              {t('toggles.confirmChange', {
                from: shown(t, pending.previous),
                to: shown(t, pending.value),
              })}
            </p>
            <p className="mt-2 text-sm text-muted">{t('toggles.confirmReach')}</p>
            <div className="mt-5 flex flex-wrap gap-3">
              <PendingButton
                type="button"
                className="btn btn-primary"
                pending={change.isPending}
                onClick={() => change.mutate(pending, { onSettled: () => setPending(null) })}
              >
                {t('toggles.confirm')}
              </PendingButton>
              <button type="button" className="btn btn-secondary" onClick={() => setPending(null)}>
                {t('toggles.cancel')}
              </button>
            </div>
          </>
        ) : null}
      </Modal>
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];
const shown = (t: Translate, value: boolean | string) =>
  typeof value === 'boolean'
    ? value
      ? t('toggles.on')
      : t('toggles.off')
    : value === ''
      ? t('toggles.empty')
      : `“${value}”`;

// Plain state, not react-hook-form: one control and no client rule; only the server refuses it.
function SettingForm({
  setting,
  onSave,
}: {
  setting: ToggleOverview['settings'][number];
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const [value, setValue] = useState(setting.value);
  const isDate = setting.key !== 'ANNOUNCEMENT_MESSAGE';
  return (
    <form
      className="mt-4 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (value !== setting.value) onSave(value);
      }}
    >
      <FormField
        id={id}
        label={<span className="font-mono">{setting.key}</span>}
        hint={t(`toggles.what.${setting.key}`)}
      >
        {(control) =>
          isDate ? (
            <input
              {...control}
              inputMode="numeric"
              placeholder="2026-12-01"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          ) : (
            <textarea
              {...control}
              rows={3}
              maxLength={SETTING_MAX_LENGTH}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )
        }
      </FormField>
      <button type="submit" className="btn btn-secondary" disabled={value === setting.value}>
        {t('toggles.save', { key: setting.key })}
      </button>
    </form>
  );
}

function ChangeLog({ changes }: { changes: ToggleOverview['changes'] }) {
  const { t, i18n } = useTranslation('console');
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Jakarta',
    }).format(Date.parse(iso)) + ' WIB';
  return (
    <>
      <h2 className="mt-8 text-xl font-bold">{t('toggles.changesTitle')}</h2>
      {changes.length === 0 ? (
        <p className="mt-2 text-muted">{t('toggles.noChanges')}</p>
      ) : (
        <ScrollRegion className="mt-2" label={t('toggles.changesTitle')}>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('toggles.changesTitle')}</caption>
            <thead>
              <tr className="border-b-2 border-line">
                <th scope="col" className="p-2">
                  {t('toggles.when')}
                </th>
                <th scope="col" className="p-2">
                  {t('toggles.key')}
                </th>
                <th scope="col" className="p-2">
                  {t('toggles.from')}
                </th>
                <th scope="col" className="p-2">
                  {t('toggles.to')}
                </th>
                <th scope="col" className="p-2">
                  {t('toggles.who')}
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change, index) => (
                <tr key={`${change.changedAt}-${index}`} className="border-b border-line">
                  <td className="whitespace-nowrap p-2">{when(change.changedAt)}</td>
                  <td className="break-all p-2 font-mono">{change.key}</td>
                  <td className="break-words p-2">{change.oldValue || t('toggles.empty')}</td>
                  <td className="break-words p-2">{change.newValue || t('toggles.empty')}</td>
                  <td className="break-all p-2">{change.actor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
