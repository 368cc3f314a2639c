import type { RenderSignInPage, SignInPage, SignOutPage } from '@portal/contracts/sign-in-pages';
import { SIGN_IN_PAGE_LANGUAGES } from '@portal/contracts/sign-in-pages';
import { defaultPageTitle } from '@portal/contracts/brand';
import i18next, { type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import stylesheet from '~/app.css?inline';
import { brand, webConfig } from '~/config';
import { CATALOGUE_OPTIONS } from '~/i18n/catalogue-options';
import enCommon from '~/locales/en/common.json';
import enForms from '~/locales/en/forms.json';
import enServer from '~/locales/en/server.json';
import enSignIn from '~/locales/en/sign-in.json';
import idCommon from '~/locales/id/common.json';
import idForms from '~/locales/id/forms.json';
import idSignIn from '~/locales/id/sign-in.json';
import {
  BadgeConfirmPage,
  BadgePage,
  BadgeRefusedPage,
  ConsentPage,
  ExpiredPage,
  NewPasswordPage,
  PasswordPage,
  RecoveryCodesPage,
  SignedOutPage,
  SignOutConfirmPage,
  TotpEnrolPage,
  TotpPage,
} from './step-pages';

// The entry of the web's sign-in server build (vite.sign-in.config.ts, decision 0286): the API
// loads it and renders each step of the provider as one HTML document.

function catalogue(language: SignInPage['language']): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...CATALOGUE_OPTIONS,
    lng: language,
    supportedLngs: [...SIGN_IN_PAGE_LANGUAGES],
    defaultNS: 'sign-in',
    resources: {
      id: { common: idCommon, forms: idForms, 'sign-in': idSignIn },
      en: { common: enCommon, forms: enForms, 'sign-in': enSignIn, server: enServer },
    },
  });
  return instance;
}

const catalogues = new Map(
  SIGN_IN_PAGE_LANGUAGES.map((language) => [language, catalogue(language)]),
);

/** The heading of each step, which is the document's title too. */
function useTitle(page: SignInPage | SignOutPage): string {
  const { t } = useTranslation('sign-in');
  const domain = webConfig.domain;
  switch (page.step) {
    case 'password':
      return t('title', { domain });
    case 'new-password':
      return t('steps.newPassword.title');
    case 'totp-enrol':
      return t('steps.totpEnrol.title');
    case 'recovery-codes':
      return t('steps.recovery.title');
    case 'totp':
      return t('steps.totp.title');
    case 'consent':
      return t('consent.title', { platform: page.platform });
    case 'expired':
      return t('title', { domain });
    case 'badge':
      return t('badge.title');
    case 'badge-confirm':
      return t('badge.confirmTitle');
    case 'badge-refused':
      return t('badge.refusedTitle');
    case 'sign-out':
      return t('signOut.title');
    case 'signed-out':
      return t('signOut.doneTitle');
  }
}

function Step({ page }: { page: SignInPage | SignOutPage }) {
  switch (page.step) {
    case 'password':
      return <PasswordPage page={page} />;
    case 'new-password':
      return <NewPasswordPage page={page} />;
    case 'totp-enrol':
      return <TotpEnrolPage page={page} />;
    case 'recovery-codes':
      return <RecoveryCodesPage page={page} />;
    case 'totp':
      return <TotpPage page={page} />;
    case 'consent':
      return <ConsentPage page={page} />;
    case 'expired':
      return <ExpiredPage page={page} />;
    case 'badge':
      return <BadgePage page={page} />;
    case 'badge-confirm':
      return <BadgeConfirmPage page={page} />;
    case 'badge-refused':
      return <BadgeRefusedPage page={page} />;
    case 'sign-out':
      return <SignOutConfirmPage page={page} />;
    case 'signed-out':
      return <SignedOutPage page={page} />;
  }
}

/** The page's address with the other language asked for (its own query kept). */
function languageLink(address: string, language: string): string {
  const [path, query = ''] = address.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('lang', language);
  return `${path}?${params.toString()}`;
}

function Document({ page }: { page: SignInPage | SignOutPage }) {
  const { t } = useTranslation('sign-in');
  const title = useTitle(page);
  const failed = Boolean(page.problem) || Object.keys(page.fieldErrors ?? {}).length > 0;
  const other = page.language === 'id' ? 'en' : 'id';
  const domain = webConfig.domain;
  return (
    <html lang={page.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {/* The site's icon, as the app's pages name it (else the browser asks /favicon.ico). */}
        <link rel="icon" href={`${page.paths.home}/favicon.svg`} type="image/svg+xml" />
        <title>{`${failed ? `${t('errorTitlePrefix')} ` : ''}${title} | ${defaultPageTitle(brand)}`}</title>
        <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
        {page.script ? <script type="module" src={page.script} /> : null}
      </head>
      <body>
        <header className="border-b border-line">
          <div className="mx-auto flex w-full max-w-md items-center justify-between gap-4 px-4 py-2">
            <a href={page.paths.home} className="inline-flex min-h-11 items-center font-bold">
              {t('brandName', { ns: 'common', domain })}
            </a>
            {page.paths.page ? (
              <a
                href={languageLink(page.paths.page, other)}
                lang={other}
                hrefLang={other}
                className="link inline-flex min-h-11 items-center"
              >
                {t(`language.switchTo.${other}`, { ns: 'common' })}
              </a>
            ) : null}
          </div>
        </header>
        <main
          className="mx-auto w-full max-w-md px-4 py-10"
          data-focus={failed ? 'summary' : page.moved ? 'heading' : undefined}
        >
          <h1 tabIndex={-1} className="text-3xl font-bold focus:outline-none">
            {title}
          </h1>
          <Step page={page} />
        </main>
      </body>
    </html>
  );
}

/** One step of the provider as a whole HTML document, in the visitor's language. */
export const renderSignInPage: RenderSignInPage = (page) => {
  const i18n = catalogues.get(page.language) ?? catalogue('id');
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Document page={page} />
    </I18nextProvider>,
  )}`;
};
