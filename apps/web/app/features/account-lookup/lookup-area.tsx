import type { LookupResult as Result } from '@portal/contracts/account-lookup';
import type { UserType } from '@portal/contracts/user-types';
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryProvider } from '~/api/query-provider';
import { restoreEarlyInput } from '~/hydration/early-input';
import { whenIdle } from '~/hydration/when-idle';
import { lookupContract } from './lookup-contract';
import { LookupForm } from './lookup-form';
import { useRemoteToggle } from '~/toggles/use-feature';
import { USER_TYPES, readRememberedUserType, rememberUserType } from '~/user-type/user-type-choice';
import { Alert } from '~/components/alert';

// The result and its actions (the e-mail change among them) are shown only after a lookup: their
// code comes then, or before once the page is idle, not with the form's hydration.
const loadResult = () => import('./lookup-result');
const LookupResult = lazy(() =>
  loadResult().then(({ LookupResult }) => ({ default: LookupResult })),
);

/**
 * The user type, the form and the result with the query client their calls use: what the page
 * loads after its first script. Prerendered in place, it hydrates on arrival.
 */
export function LookupArea() {
  return (
    <QueryProvider>
      <AccountLookup />
    </QueryProvider>
  );
}

function AccountLookup() {
  const { t } = useTranslation('account-lookup');
  const [userType, setUserType] = useState<UserType>('ptk');
  const [result, setResult] = useState<Result | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const typeName = useId();
  const endedNotice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // What the visitor typed before this part hydrated, then the type chosen on an earlier visit.
    restoreEarlyInput();
    const remembered = readRememberedUserType();
    if (remembered) setUserType(remembered);
    // What the first check, the first call and the result need: built now, while the visitor reads.
    whenIdle(() => {
      void lookupContract();
      void loadResult();
    });
  }, []);

  useEffect(() => {
    if (sessionEnded) endedNotice.current?.focus();
  }, [sessionEnded]);

  const onSessionEnded = useCallback(() => {
    setResult(null);
    setSessionEnded(true);
  }, []);

  const onFound = (found: Result) => {
    setSessionEnded(false);
    setResult(found);
  };

  const chooseType = (next: UserType) => {
    setUserType(next);
    rememberUserType(next);
    setSessionEnded(false);
  };

  return (
    <>
      {result ? (
        <div className="mt-8">
          <Suspense fallback={<p role="status">{t('result.loading')}</p>}>
            <LookupResult
              userType={userType}
              result={result}
              onSearchAgain={() => setResult(null)}
              onSessionEnded={onSessionEnded}
            />
          </Suspense>
        </div>
      ) : (
        <>
          {sessionEnded ? (
            <Alert
              variant="error-box"
              className="mt-6 focus:outline-none"
              ref={endedNotice}
              tabIndex={-1}
            >
              {t('session.ended')}
            </Alert>
          ) : null}
          <fieldset className="mt-6">
            <legend className="font-semibold">{t('userType.legend')}</legend>
            <div className="mt-1 flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-6">
              {USER_TYPES.map((type) => (
                <label key={type} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={typeName}
                    value={type}
                    checked={userType === type}
                    onChange={() => chooseType(type)}
                    className="size-6 accent-brand"
                    data-testid={`user-type-${type}`}
                  />
                  {t(`userType.${type}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-6">
            {userType === 'dinas' ? (
              <OfficeLookup onFound={onFound} />
            ) : (
              <LookupForm key={userType} userType={userType} onFound={onFound} />
            )}
          </div>
        </>
      )}
    </>
  );
}

/**
 * The office's lookup, or where to ask for an office account while it is closed. The toggle is
 * read here, behind the choice: the prerendered form has no toggle to follow, so the toggles'
 * arrival while the form hydrates does not make React redo that hydration in one task (a store
 * that changed during a render is read again synchronously).
 */
function OfficeLookup({ onFound }: { onFound: (result: Result) => void }) {
  const { t } = useTranslation('account-lookup');
  const dinasOn = useRemoteToggle('LOOKUP_DINAS');
  if (dinasOn) return <LookupForm userType="dinas" onFound={onFound} />;
  return (
    <div className="rounded-md border border-line bg-surface p-4">
      <p>{t('dinasOff.body')}</p>
      <Link to="/account/dinas" className="link mt-2 inline-flex min-h-11 items-center">
        {t('dinasOff.request')}
      </Link>
    </div>
  );
}
