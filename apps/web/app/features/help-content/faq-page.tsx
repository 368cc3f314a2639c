import clsx from 'clsx';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '~/components/page-title';
import { brand } from '~/config';
import { FAQ_GROUPS, FAQ_ITEMS, isFaqItemId } from './faq-items';
import type { FaqGroup, FaqItem } from './faq-items';
import { FAQ_LINK_TARGETS } from './faq-links';
import { foldForSearch, matchesTerms, searchTerms } from './faq-search';

/** Long enough to let a typist finish a word before the screen reader speaks the count. */
const ANNOUNCE_DELAY_MS = 400;
const COPIED_VISIBLE_MS = 4000;

type FaqEntry = FaqItem & { question: string; answer: string; haystack: string };

const groupAnchor = (group: FaqGroup) => `kelompok-${group}`;

export function FaqPage() {
  const { t, i18n } = useTranslation('faq');
  const [query, setQuery] = useState('');
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [copyStatus, setCopyStatus] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);

  const entries = useMemo<FaqEntry[]>(
    () =>
      FAQ_ITEMS.map((item) => {
        const question = t(`items.${item.id}.q`);
        const answer = t(`items.${item.id}.a`);
        const groupTitle = t(`groups.${item.group}.title`);
        return {
          ...item,
          question,
          answer,
          haystack: foldForSearch(`${question} ${answer} ${groupTitle}`),
        };
      }),
    // The language is listed because the same `t` may answer in another language.
    [t, i18n.language],
  );

  const terms = useMemo(() => searchTerms(query), [query]);
  const visible = useMemo(
    () =>
      terms.length === 0 ? entries : entries.filter((entry) => matchesTerms(entry.haystack, terms)),
    [entries, terms],
  );
  const trimmedQuery = query.trim();
  const summary =
    trimmedQuery === ''
      ? t('search.all', { count: entries.length })
      : visible.length === 0
        ? t('search.noResultsTitle', { query: trimmedQuery })
        : t('search.results', { count: visible.length, query: trimmedQuery });

  const [announcement, setAnnouncement] = useState(summary);
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnouncement(summary), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [summary]);

  // `/faq#<id>` opens that answer, also when the hash changes on this page.
  useEffect(() => {
    const openFromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!isFaqItemId(id)) return;
      setQuery('');
      setOpenIds((current) => new Set(current).add(id));
      setScrollTarget(id);
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);

  useEffect(() => {
    if (scrollTarget === null) return;
    const element = document.getElementById(scrollTarget);
    element?.scrollIntoView?.({ block: 'start' });
    element?.querySelector('summary')?.focus({ preventScroll: true });
    setScrollTarget(null);
  }, [scrollTarget]);

  useEffect(() => {
    if (copiedId === null) return;
    const timer = window.setTimeout(() => setCopiedId(null), COPIED_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [copiedId]);

  const setOpen = useCallback((id: string, open: boolean) => {
    setOpenIds((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const copyLink = useCallback(
    async (id: string) => {
      const url = `${window.location.origin}${window.location.pathname}#${id}`;
      try {
        await navigator.clipboard.writeText(url);
        setCopiedId(id);
        setCopyStatus(t('actions.copied'));
      } catch {
        // Without clipboard access the address bar still gets the link to copy by hand.
        window.history.replaceState(window.history.state, '', `#${id}`);
        setCopyStatus(t('actions.copyFailed'));
      }
    },
    [t],
  );

  const clearSearch = () => {
    setQuery('');
    searchRef.current?.focus();
  };

  return (
    <div className="page-container py-8 sm:py-12">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('heading')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('intro')}</p>

      <div role="search" className="mt-8 max-w-2xl rounded-xl bg-surface p-4 sm:p-6">
        <label htmlFor="faq-search" className="block text-lg font-semibold text-ink">
          {t('search.label')}
        </label>
        <p id="faq-search-hint" className="mt-1 text-sm text-muted">
          {t('search.hint')}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <input
            ref={searchRef}
            id="faq-search"
            type="search"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="faq-search-hint"
            aria-controls="faq-list"
            placeholder={t('search.placeholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="min-h-11 min-w-0 flex-1 basis-56 rounded-lg border-2 border-muted bg-white px-3 py-2 text-base text-ink placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
          />
          {query !== '' && (
            <button type="button" className="btn btn-secondary" onClick={clearSearch}>
              {t('search.clear')}
            </button>
          )}
        </div>
        <p
          id="faq-search-status"
          role="status"
          aria-atomic="true"
          className={clsx('mt-3 text-sm font-medium text-ink', visible.length === 0 && 'sr-only')}
        >
          {announcement}
        </p>
      </div>

      {trimmedQuery === '' && (
        <nav aria-label={t('toc.label')} className="mt-8">
          <ul className="grid gap-2 sm:flex sm:flex-wrap">
            {FAQ_GROUPS.map((group) => (
              <li key={group}>
                <a
                  href={`#${groupAnchor(group)}`}
                  className="btn btn-secondary w-full justify-between text-left text-sm sm:w-auto"
                >
                  <span>{t(`groups.${group}.title`)}</span>
                  <span className="shrink-0 font-normal">
                    {t('toc.count', {
                      count: entries.filter((entry) => entry.group === group).length,
                    })}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div id="faq-list" className="mt-8">
        {visible.length === 0 && (
          <div className="rounded-xl border-2 border-line p-6">
            <h2 className="text-xl font-bold text-ink">
              {t('search.noResultsTitle', { query: trimmedQuery })}
            </h2>
            <p className="mt-2 text-muted">{t('search.noResultsBody')}</p>
            <a className="btn btn-primary mt-4" href={brand.helpCentreUrl} rel="noopener">
              {t('search.noResultsLink')}
            </a>
          </div>
        )}

        {FAQ_GROUPS.map((group) => {
          const groupEntries = visible.filter((entry) => entry.group === group);
          if (groupEntries.length === 0) return null;
          const titleId = `${groupAnchor(group)}-judul`;
          return (
            <section
              key={group}
              id={groupAnchor(group)}
              aria-labelledby={titleId}
              className="mt-10 first:mt-0"
            >
              <h2 id={titleId} className="text-2xl font-bold text-ink">
                {t(`groups.${group}.title`)}
              </h2>
              <p className="mt-1 text-muted">{t(`groups.${group}.description`)}</p>
              <div className="mt-4 divide-y divide-line rounded-xl border border-line">
                {groupEntries.map((entry) => (
                  <FaqQuestion
                    key={entry.id}
                    entry={entry}
                    open={openIds.has(entry.id)}
                    copied={copiedId === entry.id}
                    onToggle={setOpen}
                    onCopy={copyLink}
                  />
                ))}
              </div>
            </section>
          );
        })}
      </div>

      <p role="status" className="sr-only">
        {copyStatus}
      </p>
    </div>
  );
}

type FaqQuestionProps = {
  entry: FaqEntry;
  open: boolean;
  copied: boolean;
  onToggle: (id: string, open: boolean) => void;
  onCopy: (id: string) => Promise<void>;
};

function FaqQuestion({ entry, open, copied, onToggle, onCopy }: FaqQuestionProps) {
  const { t } = useTranslation('faq');
  const paragraphs = entry.answer.split('\n').filter((paragraph) => paragraph.trim() !== '');
  return (
    <details
      id={entry.id}
      open={open}
      onToggle={(event) => onToggle(entry.id, event.currentTarget.open)}
      className="group"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-start gap-3 px-4 py-3 text-lg font-semibold text-ink hover:bg-surface [&::-webkit-details-marker]:hidden">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="mt-1.5 size-4 shrink-0 text-brand group-open:rotate-90 motion-safe:transition-transform"
        >
          <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
        <span>{entry.question}</span>
      </summary>
      <div className="px-4 pb-5 text-ink sm:pl-11">
        {paragraphs.map((paragraph, index) => (
          <p key={index} className="mt-2 first:mt-0 leading-relaxed">
            {paragraph}
          </p>
        ))}
        {entry.links && entry.links.length > 0 && (
          <>
            <p className="mt-4 text-sm font-semibold text-muted">{t('actions.related')}</p>
            <ul className="mt-1 flex flex-wrap gap-x-4">
              {entry.links.map((key) => {
                const target = FAQ_LINK_TARGETS[key];
                return (
                  <li key={key}>
                    {target.external ? (
                      <a
                        className="link inline-flex min-h-11 items-center"
                        href={target.href}
                        rel="noopener"
                      >
                        {t(`links.${key}`)}
                      </a>
                    ) : (
                      <Link className="link inline-flex min-h-11 items-center" to={target.href}>
                        {t(`links.${key}`)}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-ghost min-h-11 border-line px-3 text-sm"
            // The visible words start the name (WCAG 2.5.3); the question tells the buttons apart.
            aria-label={`${t('actions.copyLink')} ${t('actions.copyLinkContext', { question: entry.question })}`}
            onClick={() => void onCopy(entry.id)}
          >
            {t('actions.copyLink')}
          </button>
          {copied && (
            <span aria-hidden="true" className="text-sm font-medium text-success">
              {t('actions.copied')}
            </span>
          )}
        </div>
      </div>
    </details>
  );
}
