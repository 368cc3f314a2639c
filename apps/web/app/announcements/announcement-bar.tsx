import { ANNOUNCEMENT_BAR_DELAY_MS } from '@portal/contracts/business-constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeature } from '~/toggles/use-feature';
import type { ShownAnnouncement } from './announcement-loader';

const MARKER = 'has-announcement';
/** Room between a focused element and the bar, for its focus ring. */
const FOCUS_GAP_PX = 8;
// Below the breakpoint of SPEC §9 the bar is a sheet over a dimmed page (Tailwind: max-[600px]).
const NARROW = '(max-width: 599.98px)';

/**
 * The announcement bar of SPEC §4, mounted once by the public layout: shown a moment after
 * TEST_ANNOUNCEMENT_BAR is on when an announcement is showing and the visitor has not
 * dismissed it. Its parser, sanitiser and list load only then (decision 0228).
 */
export function AnnouncementBar() {
  const { t, i18n } = useTranslation('common');
  const on = useFeature('testAnnouncementBar');
  const [shown, setShown] = useState<ShownAnnouncement | null>(null);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const delay = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ANNOUNCEMENT_BAR_DELAY_MS);
    });
    void import('./announcement-loader').then(
      async (loader) => {
        const server = await loader.fetchServerAnnouncements();
        await delay;
        const found = loader.pickAnnouncement(server);
        if (!cancelled && found) setShown(found);
      },
      (error: unknown) => {
        // Offline, or a new version replaced the chunk: no bar this time.
        console.warn(
          'Announcement bar unavailable:',
          error instanceof Error ? error.message : error,
        );
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      setShown(null);
    };
  }, [on]);

  const dismiss = useCallback(() => {
    shown?.dismiss();
    setShown(null);
  }, [shown]);

  // The page's marker, and room below the page so the bar never hides its end or a focused field.
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    root.classList.add(MARKER);
    // WCAG 2.2 SC 2.4.11 (Focus Not Obscured): the browser scrolls a focused element into view
    // only when it is out of the viewport; one already in it may sit under the fixed bar, which
    // also comes up over whatever had focus before it appeared. The bar's top is where it rests,
    // not where its slide-in has brought it so far.
    const clear = (target: Element | null) => {
      if (!target || target === document.body || element.contains(target)) return;
      // A dialog is drawn above the bar.
      if (target.closest('[role="dialog"]')) return;
      const top = window.innerHeight - element.offsetHeight;
      const covered = target.getBoundingClientRect().bottom - top + FOCUS_GAP_PX;
      if (covered > 0) window.scrollBy({ top: covered, behavior: 'instant' });
    };
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--announcement-height', `${element.offsetHeight}px`);
      clear(document.activeElement);
    });
    observer.observe(element);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && window.matchMedia(NARROW).matches) {
        dismiss();
      }
    };
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Element) clear(event.target);
    };
    // On a small screen a tap anywhere off the sheet dismisses it and still does what it tapped
    // ("Menu" opens): the dimmed page does not take the tap for itself.
    const onTap = (event: PointerEvent) => {
      if (!window.matchMedia(NARROW).matches) return;
      if (event.target instanceof Node && element.contains(event.target)) return;
      dismiss();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('pointerdown', onTap);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('pointerdown', onTap);
      root.classList.remove(MARKER);
      root.style.removeProperty('--announcement-height');
    };
  }, [shown, dismiss]);

  if (!shown) return null;
  return (
    <>
      <div
        aria-hidden="true"
        data-testid="announcement-overlay"
        className="pointer-events-none fixed inset-0 z-40 bg-ink/60 min-[600px]:hidden"
      />
      <div
        ref={bar}
        role="region"
        aria-label={t('announcement.label')}
        className="fixed inset-x-0 bottom-0 z-40 rounded-t-xl border-t-2 border-brand bg-brand-soft shadow-lg motion-safe:animate-[announcement-in_200ms_ease-out] min-[600px]:rounded-none"
      >
        <div className="page-container flex items-start gap-3 py-3">
          {/* Announcements are written in Indonesian: marked so (WCAG 3.1.2, Language of Parts),
              and said so to a reader of another language. */}
          <div lang="id" className="min-w-0 flex-1">
            {i18n.language === 'id' ? null : (
              <p lang={i18n.language} className="text-sm font-semibold text-muted">
                {t('announcement.inIndonesian')}
              </p>
            )}
            <div
              className="break-words [&_a]:font-semibold [&_a]:text-brand-dark [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-1 [&_ul]:list-disc [&_ul]:pl-5"
              // Rendered by marked and sanitised by DOMPurify in announcement-markdown.ts.
              dangerouslySetInnerHTML={{ __html: shown.html }}
            />
          </div>
          <button
            type="button"
            className="btn btn-ghost -my-1 min-h-11 min-w-11 shrink-0 px-2"
            onClick={dismiss}
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              ×
            </span>
            <span className="sr-only">{t('announcement.close')}</span>
          </button>
        </div>
      </div>
    </>
  );
}
