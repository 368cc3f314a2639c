import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, registerNamespace, useEnglishTexts } from '~/i18n/i18n';
import faqEn from '~/locales/en/faq.json';
import faqId from '~/locales/id/faq.json';
import webinarEn from '~/locales/en/webinar.json';
import webinarId from '~/locales/id/webinar.json';

afterEach(async () => {
  cleanup();
  await changeLanguage('id');
});

function FaqTitle() {
  useEnglishTexts('faq');
  const { t } = useTranslation('faq');
  return <h1>{t('title')}</h1>;
}

describe('a namespace whose English comes with a loader', () => {
  it('is not loaded while the page is read in Indonesian, and is before English is shown', async () => {
    const loader = vi.fn(async () => ({ default: webinarEn }));
    registerNamespace('webinar', { id: webinarId, en: loader });
    expect(i18n.t('title', { ns: 'webinar' })).toBe(webinarId.title);
    expect(loader).not.toHaveBeenCalled();
    expect(i18n.hasResourceBundle('en', 'webinar')).toBe(false);

    await changeLanguage('en');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(i18n.t('title', { ns: 'webinar' })).toBe(webinarEn.title);
  });

  it('keeps a page reached in English from showing its Indonesian while its English loads', async () => {
    await changeLanguage('en');
    let arrive: (value: { default: typeof faqEn }) => void = () => {};
    const loader = vi.fn(
      () => new Promise<{ default: typeof faqEn }>((resolve) => (arrive = resolve)),
    );
    registerNamespace('faq', { id: faqId, en: loader });
    expect(loader).toHaveBeenCalledTimes(1);

    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<p>waiting</p>}>
            <FaqTitle />
          </Suspense>
        </I18nextProvider>,
      );
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.queryByText(faqId.title)).toBeNull();

    await act(async () => arrive({ default: faqEn }));
    expect((await screen.findByRole('heading')).textContent).toBe(faqEn.title);
  });
});
