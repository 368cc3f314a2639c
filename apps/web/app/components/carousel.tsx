import { CAROUSEL_AUTOPLAY_MS } from '@portal/contracts/business-constants';
import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '~/components/use-prefers-reduced-motion';

type CarouselProps = {
  /** Accessible name of the carousel. */
  label: string;
  slides: ReactNode[];
  delayMs?: number;
};

/**
 * Rotating slides: autoplay pauses on hover and focus, stops under reduced motion, and has a
 * pause button (WCAG 2.2.2); arrows and dots work from the keyboard.
 */
export function Carousel({ label, slides, delayMs = CAROUSEL_AUTOPLAY_MS }: CarouselProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const playing = !stopped && !reducedMotion && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), delayMs);
    return () => window.clearInterval(timer);
  }, [playing, count, delayMs]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={label}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      data-carousel-playing={playing ? 'true' : 'false'}
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3"
          onClick={() => go(index - 1)}
          aria-controls={id}
        >
          <span aria-hidden="true">‹</span>
          <span className="sr-only">{t('carousel.previous')}</span>
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3"
          onClick={() => go(index + 1)}
          aria-controls={id}
        >
          <span aria-hidden="true">›</span>
          <span className="sr-only">{t('carousel.next')}</span>
        </button>
        {reducedMotion || count < 2 ? null : (
          <button
            type="button"
            className="btn btn-ghost min-h-11 px-3"
            onClick={() => setStopped((current) => !current)}
          >
            {stopped ? t('carousel.play') : t('carousel.pause')}
          </button>
        )}
        <div className="ml-auto flex gap-1">
          {slides.map((_, slideIndex) => (
            <button
              key={slideIndex}
              type="button"
              className="flex size-11 items-center justify-center rounded-full"
              aria-current={slideIndex === index ? 'true' : undefined}
              aria-controls={id}
              onClick={() => go(slideIndex)}
            >
              <span
                aria-hidden="true"
                className={
                  slideIndex === index
                    ? 'block size-3 rounded-full bg-brand'
                    : 'block size-3 rounded-full border-2 border-muted'
                }
              />
              <span className="sr-only">
                {t('carousel.goTo', { number: slideIndex + 1, count })}
              </span>
            </button>
          ))}
        </div>
      </div>
      <div id={id} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, slideIndex) => (
          <div
            key={slideIndex}
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slideLabel', { number: slideIndex + 1, count })}
            hidden={slideIndex !== index}
          >
            {slide}
          </div>
        ))}
      </div>
    </section>
  );
}
