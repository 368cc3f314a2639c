import type { UserType } from '@portal/contracts/user-types';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { cameFromSignOut } from '~/auth/signed-out-state';
import { Carousel } from '~/components/carousel';
import { useDialogs } from '~/components/dialog-store';
import { PageTitle } from '~/components/page-title';
import { brand, webConfig } from '~/config';
import { useFeature, useRemoteToggle } from '~/toggles/use-feature';
import { rememberUserType, routeForUserType } from '~/user-type/user-type-choice';

const PARTNERS = ['platform', 'ar', 'design', 'cloud', 'quiz'] as const;
const USER_BLOCKS: readonly UserType[] = ['dinas', 'ptk', 'pd'];

/** The 2025 home of SPEC §2 with its eight sections in order. */
export function HomePage() {
  useLandOnSection();
  const webinars = useFeature('webinars');
  const guides = useFeature('guides');
  return (
    <>
      <PageTitle />
      <SignedOutNote />
      <HeroSection />
      <AboutSection />
      <PartnersSection />
      <UsersSection />
      <GetAccountSection guides={guides} />
      {webinars ? <WebinarSection /> : null}
      <ResetSection />
      <HelpSection />
    </>
  );
}

/**
 * Lands a jump to a section (`/#lupa-kata-sandi` from the profile) on it. The sections above
 * it render only when near (content-visibility), each first estimated at a fixed height, and
 * on a phone the real heights moved the section out of view after the jump: so the whole page
 * is rendered first, then the section is scrolled to.
 */
function useLandOnSection() {
  const { hash } = useLocation();
  useEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!section) return;
    document.documentElement.classList.add('render-all');
    section.scrollIntoView();
  }, [hash]);
}

/**
 * Says once that signing out worked: the sign-out callback lands here with a history state,
 * which is then dropped so that a reload or a return through history does not say it again.
 */
function SignedOutNote() {
  const { t } = useTranslation('home');
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!cameFromSignOut(location.state)) return;
    setShown(true);
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [location, navigate]);
  // The live region is there before its text, so that screen readers announce it.
  return (
    <div role="status" className={shown ? 'bg-success/10' : undefined}>
      {shown ? (
        <p className="page-container border-l-4 border-success py-3 font-semibold">
          {t('signedOut')}
        </p>
      ) : null}
    </div>
  );
}

function HeroSection() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="hero-title" className="bg-brand-soft">
      <div className="page-container grid items-center gap-6 py-10 md:grid-cols-[3fr_2fr]">
        <div>
          <h1 id="hero-title" className="text-3xl font-bold leading-tight sm:text-4xl">
            {t('hero.title')}
          </h1>
          <p className="mt-4 text-lg text-muted">{t('hero.body')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href="#pengguna" className="btn btn-primary" data-track="hero-check-account">
              {t('hero.checkAccount')}
            </a>
            <a
              href="#lupa-kata-sandi"
              className="btn btn-secondary"
              data-track="hero-forgot-password"
            >
              {t('hero.forgotPassword')}
            </a>
          </div>
        </div>
        <img
          src="/images/hero.svg"
          width="480"
          height="360"
          alt=""
          fetchPriority="high"
          className="mx-auto h-auto w-full max-w-sm"
        />
      </div>
    </section>
  );
}

function AboutSection() {
  const { t } = useTranslation('home');
  const statement = useRemoteToggle('API_GOVERNMENT_STATEMENT');
  return (
    <section aria-labelledby="about-title" className="page-container py-10 render-when-near">
      <h2 id="about-title" className="text-2xl font-bold">
        {t('about.title')}
      </h2>
      <p className="mt-3">{t('about.body')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>{t('about.factFree')}</li>
        <li>{t('about.factAccounts')}</li>
        <li>{t('about.factDeletion')}</li>
      </ul>
      {/* The ministry's statement on the accounts: API_GOVERNMENT_STATEMENT withdraws it,
          say while a new regulation replaces it. */}
      {statement ? (
        <a
          href={webConfig.regulationPdfUrl}
          download
          className="btn btn-secondary mt-5"
          data-track-download="regulasi-akun"
        >
          {t('about.download')}
          <span className="sr-only"> {t('about.downloadHint')}</span>
        </a>
      ) : null}
    </section>
  );
}

function PartnersSection() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="partners-title" className="bg-surface render-when-near">
      <div className="page-container py-10">
        <h2 id="partners-title" className="text-2xl font-bold">
          {t('partners.title')}
        </h2>
        <p className="mt-2 text-muted">{t('partners.body')}</p>
        <div className="mt-5">
          <Carousel
            label={t('partners.carouselLabel')}
            slides={PARTNERS.map((partner) => (
              <article
                key={partner}
                className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm"
              >
                <img
                  src={`/images/partner-${partner}.svg`}
                  width="64"
                  height="64"
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <div>
                  <h3 className="text-lg font-semibold">{t(`partners.items.${partner}.name`)}</h3>
                  <p className="mt-1 text-muted">{t(`partners.items.${partner}.body`)}</p>
                </div>
              </article>
            ))}
          />
        </div>
      </div>
    </section>
  );
}

function UsersSection() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const chooseUserType = (userType: UserType) => {
    rememberUserType(userType);
    void navigate(routeForUserType(userType));
  };
  return (
    <section
      id="pengguna"
      aria-labelledby="users-title"
      className="page-container py-10 render-when-near"
    >
      <h2 id="users-title" className="text-2xl font-bold">
        {t('users.title')}
      </h2>
      <ul className="mt-5 grid gap-4 md:grid-cols-3">
        {USER_BLOCKS.map((userType) => (
          <li key={userType} className="flex flex-col rounded-xl border border-line p-5">
            <h3 className="text-lg font-semibold">{t(`users.${userType}.title`)}</h3>
            <p className="mt-2 flex-1 text-muted">{t(`users.${userType}.body`)}</p>
            <button
              type="button"
              className="btn btn-primary mt-4"
              onClick={() => chooseUserType(userType)}
              data-track={`home-check-${userType}`}
            >
              {t('users.check')}
              <span className="sr-only"> {t(`users.${userType}.title`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GetAccountSection({ guides }: { guides: boolean }) {
  const { t } = useTranslation('home');
  const dialogs = useDialogs();
  return (
    <section aria-labelledby="get-title" className="bg-surface render-when-near">
      <div className="page-container py-10">
        <h2 id="get-title" className="text-2xl font-bold">
          {t('get.title')}
        </h2>
        <div className="mt-5 grid gap-4 md:grid-cols-2">
          <article className="rounded-xl bg-white p-5 shadow-sm">
            <h3 className="text-lg font-semibold">{t('get.dinas.title')}</h3>
            <p className="mt-2 text-muted">{t('get.dinas.body')}</p>
            <Link
              to="/account/dinas"
              className="btn btn-primary mt-4"
              data-track="home-request-dinas"
            >
              {t('get.dinas.action')}
            </Link>
          </article>
          <article className="rounded-xl bg-white p-5 shadow-sm">
            <h3 className="text-lg font-semibold">{t('get.pd.title')}</h3>
            <p className="mt-2 text-muted">{t('get.pd.body')}</p>
            <button
              type="button"
              className="btn btn-primary mt-4"
              onClick={() => dialogs.open({ kind: 'auth', mode: 'pengajuan-akun' })}
              data-track="home-request-pd"
            >
              {t('get.pd.action')}
            </button>
          </article>
        </div>
        {guides ? (
          <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/resources" className="link inline-flex min-h-11 items-center">
                {t('get.guides')}
              </Link>
            </li>
            <li>
              <Link to="/faq" className="link inline-flex min-h-11 items-center">
                {t('get.faq')}
              </Link>
            </li>
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function WebinarSection() {
  const { t } = useTranslation('home');
  const dialogs = useDialogs();
  // Without published recordings the button shows the sessions, and says so (decision 0253).
  const recordings = webConfig.webinarRecordingsUrl;
  return (
    <section aria-labelledby="webinar-title" className="page-container py-10 render-when-near">
      <h2 id="webinar-title" className="text-2xl font-bold">
        {t('webinar.title')}
      </h2>
      <p className="mt-2 text-muted">
        {t(recordings ? 'webinar.body' : 'webinar.bodyNoRecordings')}
      </p>
      <button
        type="button"
        className="btn btn-primary mt-4"
        onClick={() =>
          dialogs.open({
            kind: 'iframe',
            title: t(recordings ? 'webinar.sheetTitle' : 'webinar.sessionsTitle'),
            src: recordings ?? webConfig.webinarSessionsUrl,
          })
        }
        data-track="home-webinar-recordings"
      >
        {t(recordings ? 'webinar.open' : 'webinar.openSessions')}
      </button>
    </section>
  );
}

function ResetSection() {
  const { t } = useTranslation('home');
  const dialogs = useDialogs();
  return (
    <section
      id="lupa-kata-sandi"
      aria-labelledby="reset-title"
      className="bg-brand text-white render-when-near"
    >
      <div className="page-container py-10">
        <h2 id="reset-title" className="text-2xl font-bold">
          {t('reset.title')}
        </h2>
        <p className="mt-2">{t('reset.body')}</p>
        <button
          type="button"
          className="btn btn-accent mt-4"
          onClick={() => dialogs.open({ kind: 'reset' })}
          data-track="home-reset-password"
        >
          {t('reset.action')}
        </button>
      </div>
    </section>
  );
}

function HelpSection() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="help-title" className="page-container py-10 render-when-near">
      <h2 id="help-title" className="text-2xl font-bold">
        {t('help.title')}
      </h2>
      <p className="mt-2 text-muted">{t('help.body')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={brand.helpCentreUrl}
          rel="noopener"
          className="btn btn-primary"
          data-track="home-help-centre"
        >
          {t('help.helpCentre')}
        </a>
        <Link to="/faq" className="btn btn-secondary">
          {t('help.faq')}
        </Link>
      </div>
    </section>
  );
}
