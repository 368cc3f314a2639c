import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '~/components/dialog-store';
import { PageTitle } from '~/components/page-title';
import { webConfig } from '~/config';
import { stringList } from './catalogue-lists';
import { formatLongDate } from './format-date';
import { WEBINAR_SESSIONS } from './webinar-sessions';
import { HelpLinks } from './help-links';

/** Lets ctrl/cmd/shift/middle clicks open the sheet in a new tab as a link normally does. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function WebinarPage() {
  const { t, i18n } = useTranslation('webinar');
  const dialogs = useDialogs();
  // The recordings the operator published; none by default, and the page says so (0253).
  const sheetUrl = webConfig.webinarRecordingsUrl;

  // A real link first, so the list opens even before the page's script has loaded.
  const openSheet = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!sheetUrl || !isPlainClick(event)) return;
    event.preventDefault();
    dialogs.open({ kind: 'iframe', title: t('sheet.modalTitle'), src: sheetUrl });
  };

  return (
    <div className="page-container py-8 sm:py-12">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('heading')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t(sheetUrl ? 'introWatch' : 'intro')}</p>

      <section
        aria-labelledby="daftar-rekaman-judul"
        className="mt-8 rounded-2xl bg-brand-soft p-5 sm:p-8"
      >
        <h2 id="daftar-rekaman-judul" className="text-2xl font-bold text-ink">
          {t(sheetUrl ? 'sheet.title' : 'sheet.emptyTitle')}
        </h2>
        <p className="mt-2 text-ink">{t(sheetUrl ? 'sheet.body' : 'sheet.emptyBody')}</p>
        {sheetUrl ? (
          <a
            className="btn btn-primary mt-4"
            href={sheetUrl}
            onClick={openSheet}
            data-track="webinar-open-sheet"
          >
            {t('sheet.open')}
          </a>
        ) : null}
      </section>

      <section aria-labelledby="sesi-webinar-judul" className="mt-12">
        <h2 id="sesi-webinar-judul" className="text-2xl font-bold text-ink">
          {t('sessionsTitle')}
        </h2>
        <p className="mt-2 max-w-3xl text-muted">
          {t(sheetUrl ? 'sessionsIntroWatch' : 'sessionsIntro')}
        </p>
        <ol className="mt-6 grid gap-6 md:grid-cols-2">
          {WEBINAR_SESSIONS.map((session) => {
            const title = t(`sessions.${session.id}.title`);
            return (
              <li key={session.id}>
                <article
                  id={session.id}
                  aria-labelledby={`${session.id}-judul`}
                  className="flex h-full flex-col rounded-xl border border-line p-5"
                >
                  <h3 id={`${session.id}-judul`} className="text-xl font-bold text-ink">
                    {title}
                  </h3>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="font-semibold text-muted">{t('labels.date')}</dt>
                    <dd className="text-ink">
                      <time dateTime={session.date}>
                        {formatLongDate(session.date, i18n.language, { weekday: true })}
                      </time>
                    </dd>
                    <dt className="font-semibold text-muted">{t('labels.duration')}</dt>
                    <dd className="text-ink">
                      <time dateTime={`PT${session.durationMinutes}M`}>
                        {t('duration', { count: session.durationMinutes })}
                      </time>
                    </dd>
                    <dt className="font-semibold text-muted">{t('labels.audience')}</dt>
                    <dd className="text-ink">{t(`sessions.${session.id}.audience`)}</dd>
                  </dl>
                  <p className="mt-3 text-ink">{t(`sessions.${session.id}.summary`)}</p>
                  <p className="mt-3 text-sm font-semibold text-muted">{t('labels.topics')}</p>
                  <ul className="mt-1 list-disc pl-5 text-ink">
                    {stringList(t(`sessions.${session.id}.topics`, { returnObjects: true })).map(
                      (topic) => (
                        <li key={topic}>{topic}</li>
                      ),
                    )}
                  </ul>
                  {sheetUrl ? (
                    <div className="mt-auto pt-4">
                      <a
                        className="btn btn-secondary"
                        href={sheetUrl}
                        onClick={openSheet}
                        aria-label={`${t('labels.watch')} ${t('labels.watchContext', { title })}`}
                        data-track={`webinar-watch-${session.id}`}
                      >
                        {t('labels.watch')}
                      </a>
                    </div>
                  ) : null}
                </article>
              </li>
            );
          })}
        </ol>
      </section>

      <HelpLinks namespace="webinar" destinations={['faq', 'resources', 'helpCentre']} />
    </div>
  );
}
