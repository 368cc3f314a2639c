import type { UserType } from '@portal/contracts/user-types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '~/components/page-title';
import { rememberUserType, routeForUserType, USER_TYPES } from '~/user-type/user-type-choice';
import { stringList, titledList } from './catalogue-lists';
import { HelpLinks } from './help-links';

/** The older landing page: what the account is, who gets one, and the way to the lookup. */
export function OldHomepagePage() {
  const { t } = useTranslation('oldhomepage');
  const facts = titledList(t('facts.items', { returnObjects: true }));
  const steps = stringList(t('steps.items', { returnObjects: true }));

  return (
    <>
      <PageTitle title={t('title')} />
      <div className="bg-brand-soft">
        <div className="page-container py-10 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-bold text-ink sm:text-5xl">{t('heading')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink">{t('lead')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              className="btn btn-primary"
              to="/account/lookup/v2"
              data-track="oldhomepage-lookup"
            >
              {t('cta.lookup')}
            </Link>
            <Link className="btn btn-secondary" to="/faq">
              {t('cta.faq')}
            </Link>
          </div>
        </div>
      </div>

      <div className="page-container py-10 sm:py-12">
        <section aria-labelledby="siapa-judul">
          <h2 id="siapa-judul" className="text-2xl font-bold text-ink">
            {t('who.title')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {USER_TYPES.map((userType) => (
              <UserTypeCard key={userType} userType={userType} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="fakta-judul" className="mt-12">
          <h2 id="fakta-judul" className="text-2xl font-bold text-ink">
            {t('facts.title')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {facts.map((fact) => (
              <li key={fact.title} className="rounded-xl bg-surface p-5">
                <h3 className="font-bold text-ink">{fact.title}</h3>
                <p className="mt-2 text-ink">{fact.body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="langkah-judul" className="mt-12">
          <h2 id="langkah-judul" className="text-2xl font-bold text-ink">
            {t('steps.title')}
          </h2>
          <ol className="mt-4 max-w-2xl list-decimal space-y-2 pl-6 text-lg text-ink marker:font-bold marker:text-brand">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <Link
            className="btn btn-primary mt-6"
            to="/account/lookup/v2"
            data-track="oldhomepage-steps-lookup"
          >
            {t('steps.cta')}
          </Link>
        </section>

        <HelpLinks namespace="oldhomepage" destinations={['helpCentre', 'resources']} />
      </div>
    </>
  );
}

function UserTypeCard({ userType }: { userType: UserType }) {
  const { t } = useTranslation('oldhomepage');
  return (
    <li className="flex flex-col rounded-xl border border-line p-5">
      <h3 className="text-xl font-bold text-ink">{t(`who.${userType}.title`)}</h3>
      <p className="mt-2 text-ink">{t(`who.${userType}.body`)}</p>
      <div className="mt-auto pt-4">
        <Link
          className="btn btn-secondary"
          to={routeForUserType(userType)}
          onClick={() => rememberUserType(userType)}
          data-track={`oldhomepage-user-type-${userType}`}
        >
          {t(`who.${userType}.action`)}
        </Link>
      </div>
    </li>
  );
}
