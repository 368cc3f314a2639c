import {
  ANNOUNCEMENT_MAX_LENGTH,
  AnnouncementInputSchema,
  type AnnouncementItem,
} from '@portal/contracts/announcements';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '~/api/api-client';
import { renderAnnouncement } from '~/announcements/announcement-markdown';
import { contractResolver } from '~/components/contract-resolver';
import { FormField } from '~/components/form-field';
import { formStyles } from '~/components/form-styles';
import { Modal } from '~/components/modal';
import { fromFormError, toFormError, useLocaliseMessage } from '~/i18n/server-messages';
import { Alert } from '~/components/alert';
import { usePublicToggle } from '~/toggles/use-feature';
import { useAnnouncements } from './api/get-announcements';
import { useSaveAnnouncement } from './api/save-announcement';
import { useSetAnnouncementActive } from './api/set-announcement-active';
import { ConsoleSectionPage } from './console-section';
import { PendingButton } from '~/components/pending-button';

/** `/konsol/pengumuman`: the public site's announcements, for announcers. */
export function AnnouncementsPage() {
  return <ConsoleSectionPage section="announcements">{() => <Announcements />}</ConsoleSectionPage>;
}

// The ministry works in Jakarta time (WIB, no daylight saving): the schedule is typed and shown in it.
const WIB_OFFSET_MS = 7 * 3_600_000;
/** An instant as the value of a datetime-local input, in WIB. */
const toWib = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + WIB_OFFSET_MS).toISOString().slice(0, 16) : '';
/** A datetime-local value read in WIB; an unreadable one is sent as it is, for the API to name. */
function fromWib(value: string): string | null {
  if (!value) return null;
  const ms = Date.parse(`${value}:00+07:00`);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

type PublicNotice = 'barOff' | 'listOff' | 'shows';
type PublicItemState = 'shown' | 'waiting' | 'hidden';

/**
 * What the public site does with the announcements, from the toggles every visitor gets: the
 * bar shows only while TEST_ANNOUNCEMENT_BAR is on, takes the console's announcements only while
 * API_ANNOUNCEMENT is on, and then shows one, the first of the public list (the newest change
 * among those active and within their schedule). No notice until the toggles are known.
 */
function usePublicSite(items: readonly AnnouncementItem[] | undefined) {
  const bar = usePublicToggle('TEST_ANNOUNCEMENT_BAR');
  const fromConsole = usePublicToggle('API_ANNOUNCEMENT');
  const notice: PublicNotice | null =
    bar === undefined || fromConsole === undefined
      ? null
      : !bar
        ? 'barOff'
        : !fromConsole
          ? 'listOff'
          : 'shows';
  const first = (items ?? [])
    .filter((item) => item.state === 'active')
    .reduce<AnnouncementItem | null>(
      (newest, item) =>
        !newest ||
        Date.parse(item.updatedAt) > Date.parse(newest.updatedAt) ||
        (item.updatedAt === newest.updatedAt && Number(item.id) > Number(newest.id))
          ? item
          : newest,
      null,
    );
  const itemState = (item: AnnouncementItem): PublicItemState =>
    notice !== 'shows' ? 'hidden' : item.id === first?.id ? 'shown' : 'waiting';
  return { notice, itemState };
}

// The bar's look for rendered Markdown: links, lists and paragraphs.
const RENDERED =
  'break-words [&_a]:font-semibold [&_a]:text-brand-dark [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-1 [&_ul]:list-disc [&_ul]:pl-5';

type DraftValues = { description: string; startsAt: string; endsAt: string };
type DraftBody = z.output<typeof AnnouncementInputSchema>;
const EMPTY: DraftValues = { description: '', startsAt: '', endsAt: '' };
const FIELDS: readonly string[] = Object.keys(EMPTY);
const isField = (field: string): field is keyof DraftValues => FIELDS.includes(field);
/** The API's own check of the text and the schedule, the schedule read in WIB as it is sent. */
const draftResolver = contractResolver<DraftValues, DraftBody>(
  AnnouncementInputSchema,
  (values) => ({ ...values, startsAt: fromWib(values.startsAt), endsAt: fromWib(values.endsAt) }),
);

/** Announcements for the public site's bar: written in Markdown with a live preview, scheduled, switched on and off. */
export function Announcements() {
  const { t, i18n } = useTranslation('console');
  const localise = useLocaliseMessage();
  const ids = { text: useId(), start: useId(), end: useId(), preview: useId() };
  const [editing, setEditing] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<DraftValues, unknown, DraftBody>({ defaultValues: EMPTY, resolver: draftResolver });
  const [confirming, setConfirming] = useState<AnnouncementItem | null>(null);
  const list = useAnnouncements();
  const publicSite = usePublicSite(list.data);
  const save = useSaveAnnouncement();
  const switchOver = useSetAnnouncementActive();
  const description = watch('description');
  const preview = useMemo(() => renderAnnouncement(description), [description]);
  const fieldError = (field: keyof DraftValues) => localise(fromFormError(errors[field]));
  const formError =
    save.error instanceof ApiError && !save.error.fieldErrors.some((item) => isField(item.field))
      ? localise(save.error)
      : undefined;
  const when = (iso: string) =>
    `${new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Jakarta',
    }).format(Date.parse(iso))} WIB`;
  const schedule = (item: AnnouncementItem) =>
    item.startsAt || item.endsAt
      ? [
          item.startsAt ? t('announcements.from', { time: when(item.startsAt) }) : null,
          item.endsAt ? t('announcements.until', { time: when(item.endsAt) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : t('announcements.always');
  const startOver = (id: string | null, values: DraftValues) => {
    save.reset();
    setEditing(id);
    reset(values);
  };
  const submit = handleSubmit(
    (body) =>
      save.mutate(
        { id: editing, body },
        {
          onSuccess: () => {
            setEditing(null);
            reset(EMPTY);
          },
          onError: (error) => {
            if (!(error instanceof ApiError)) return;
            // A field's first problem is the one it shows, as the schema's own check does.
            for (const item of [...error.fieldErrors].reverse()) {
              if (isField(item.field)) setError(item.field, toFormError(error.fieldMessage(item)));
            }
          },
        },
      ),
    () => save.reset(),
  );
  const edit = (item: AnnouncementItem) => {
    startOver(item.id, {
      description: item.description,
      startsAt: toWib(item.startsAt),
      endsAt: toWib(item.endsAt),
    });
    setFocus('description');
  };

  return (
    <section aria-labelledby="announcements-title">
      <h1 id="announcements-title" className="text-3xl font-bold">
        {t('announcements.title')}
      </h1>
      <p className="mt-2 text-muted">{t('announcements.intro')}</p>
      {publicSite.notice ? (
        <Alert variant={publicSite.notice === 'shows' ? 'info' : 'warning'} className="mt-4">
          {t(`announcements.public.${publicSite.notice}`)}
        </Alert>
      ) : null}
      <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
        <h2 className="text-xl font-bold">
          {editing ? t('announcements.editing') : t('announcements.new')}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            id={ids.text}
            label={t('announcements.description')}
            error={fieldError('description')}
          >
            {(control) => (
              <textarea
                {...control}
                rows={8}
                maxLength={ANNOUNCEMENT_MAX_LENGTH}
                {...register('description')}
              />
            )}
          </FormField>
          <div>
            <h3 id={ids.preview} className={formStyles.label}>
              {t('announcements.preview')}
            </h3>
            {/* Rendered by marked and sanitised by DOMPurify: the very HTML the bar shows. */}
            <div
              role="region"
              aria-labelledby={ids.preview}
              data-testid="announcement-preview"
              className={`min-h-32 rounded-md border-2 border-brand bg-brand-soft p-3 ${RENDERED}`}
              dangerouslySetInnerHTML={{
                __html: preview || `<p>${t('announcements.previewEmpty')}</p>`,
              }}
            />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={ids.start}
            label={t('announcements.startsAt')}
            error={fieldError('startsAt')}
          >
            {(control) => <input {...control} type="datetime-local" {...register('startsAt')} />}
          </FormField>
          <FormField id={ids.end} label={t('announcements.endsAt')} error={fieldError('endsAt')}>
            {(control) => <input {...control} type="datetime-local" {...register('endsAt')} />}
          </FormField>
        </div>
        <div className="flex flex-wrap gap-2">
          <PendingButton type="submit" className="btn btn-primary" pending={save.isPending}>
            {t('announcements.save')}
          </PendingButton>
          {editing ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => startOver(null, EMPTY)}
            >
              {t('announcements.cancelEdit')}
            </button>
          ) : null}
        </div>
        {formError ? <Alert variant="field-error">{formError}</Alert> : null}
        <p aria-live="polite" className="font-semibold">
          {save.isSuccess ? t('announcements.saved') : null}
        </p>
      </form>

      <h2 className="mt-8 text-xl font-bold">{t('announcements.listTitle')}</h2>
      {list.data?.length === 0 ? <p className="mt-2">{t('announcements.none')}</p> : null}
      <ul className="mt-2 divide-y divide-line border-y border-line">
        {list.data?.map((item) => (
          <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0 flex-1">
              <span className="block font-semibold">{t(`announcements.${item.state}`)}</span>
              {item.state === 'active' && publicSite.notice ? (
                <span className="block text-sm">
                  {t(`announcements.public.item.${publicSite.itemState(item)}`)}
                </span>
              ) : null}
              <span className="block text-sm text-muted">{schedule(item)}</span>
              {/* As the bar shows it (marked, then DOMPurify), so staff check what the public reads. */}
              <div
                id={`announcement-${item.id}`}
                data-testid="announcement-shown"
                className={`mt-1 ${RENDERED}`}
                dangerouslySetInnerHTML={{ __html: renderAnnouncement(item.description) }}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-secondary"
                aria-describedby={`announcement-${item.id}`}
                onClick={() => edit(item)}
              >
                {t('announcements.edit')}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                aria-describedby={`announcement-${item.id}`}
                onClick={() => {
                  switchOver.reset();
                  setConfirming(item);
                }}
              >
                {item.isActive ? t('announcements.deactivate') : t('announcements.activate')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        size="help"
        title={
          confirming?.isActive
            ? t('announcements.confirmDeactivate')
            : t('announcements.confirmActivate')
        }
        description={
          confirming?.isActive
            ? t('announcements.confirmDeactivateText')
            : publicSite.notice && publicSite.notice !== 'shows'
              ? t('announcements.confirmActivateHidden')
              : t('announcements.confirmActivateText')
        }
      >
        {switchOver.error instanceof ApiError ? (
          <Alert variant="field-error">{localise(switchOver.error)}</Alert>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <PendingButton
            type="button"
            className="btn btn-primary"
            pending={switchOver.isPending}
            onClick={() =>
              confirming &&
              switchOver.mutate(
                { id: confirming.id, active: !confirming.isActive },
                { onSuccess: () => setConfirming(null) },
              )
            }
          >
            {confirming?.isActive
              ? t('announcements.yesDeactivate')
              : t('announcements.yesActivate')}
          </PendingButton>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(null)}>
            {t('announcements.cancel')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
