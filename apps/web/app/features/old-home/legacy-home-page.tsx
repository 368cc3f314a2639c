import type { UserType } from '@portal/contracts/user-types';
import { Suspense, use, useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadPart } from '~/hydration/load-part';
import { PageTitle } from '~/components/page-title';
import {
  USER_TYPES,
  readRememberedUserType,
  rememberUserType,
  routeForUserType,
} from '~/user-type/user-type-choice';

/**
 * The bottom sheet's dialog (Radix Dialog, 14 kB) comes after the page's first script:
 * it is closed on arrival and opens only on a narrow screen's tap.
 */
const modalPart = loadPart(() => import('~/components/modal'));

function Modal(props: ComponentProps<Awaited<typeof modalPart>['Modal']>) {
  const { Modal: Dialog } = use(modalPart);
  return <Dialog {...props} />;
}

/** The older home (`//home`): choose a user type, then continue (SPEC §2). */
export function LegacyHomePage() {
  const { t } = useTranslation('legacy-home');
  const navigate = useNavigate();
  const [userType, setUserType] = useState<UserType | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);

  useEffect(() => setUserType(readRememberedUserType()), []);

  const choose = (next: UserType) => {
    setUserType(next);
    rememberUserType(next);
  };

  const options = (name: string, onPicked?: () => void) => (
    <div className="grid gap-3">
      {USER_TYPES.map((option) => (
        <label
          key={option}
          className="flex min-h-14 cursor-pointer items-start gap-3 rounded-xl border-2 border-line p-4 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={userType === option}
            onChange={() => {
              choose(option);
              onPicked?.();
            }}
            className="mt-1 size-5 accent-brand"
          />
          <span>
            <span className="block font-semibold">{t(`types.${option}.title`)}</span>
            <span className="block text-sm text-muted">{t(`types.${option}.body`)}</span>
          </span>
        </label>
      ))}
    </div>
  );

  return (
    <div className="page-container max-w-2xl py-10">
      <PageTitle title={t('title')} />
      <h1 className="text-3xl font-bold">{t('heading')}</h1>
      <p className="mt-3 text-muted">{t('body')}</p>

      <fieldset className="mt-6 hidden min-[600px]:block">
        <legend className="mb-3 font-semibold">{t('question')}</legend>
        {options('user-type')}
      </fieldset>

      <div className="mt-6 min-[600px]:hidden">
        <p className="mb-2 font-semibold" id="chosen-type-label">
          {t('chosenLabel')}
        </p>
        <button
          type="button"
          className="btn btn-secondary w-full justify-between"
          aria-describedby="chosen-type-label"
          onClick={() => setSheetOpen(true)}
          data-track="legacy-home-open-sheet"
        >
          {userType ? t(`types.${userType}.title`) : t('choosePrompt')}
          <span aria-hidden="true">▾</span>
        </button>
        <Suspense fallback={null}>
          <Modal
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            size="method"
            title={t('question')}
            className="bottom-sheet"
          >
            <fieldset>
              <legend className="sr-only">{t('question')}</legend>
              {options('user-type-sheet', () => setSheetOpen(false))}
            </fieldset>
          </Modal>
        </Suspense>
      </div>

      <button
        type="button"
        className="btn btn-primary mt-6 w-full min-[600px]:w-auto"
        disabled={userType === null}
        onClick={() => {
          if (userType) void navigate(routeForUserType(userType));
        }}
        data-track="legacy-home-search"
      >
        {t('search')}
      </button>
    </div>
  );
}
