import type { LookupResult as Result } from '@portal/contracts/account-lookup';
import type { UserType } from '@portal/contracts/user-types';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryProvider } from '~/api/query-provider';
import { restoreEarlyInput } from '~/hydration/early-input';
import { LookupForm } from './lookup-form';
import { LookupResult } from './lookup-result';
import { useRemoteToggle } from '~/toggles/use-feature';
import { USER_TYPES, readRememberedUserType, rememberUserType } from '~/user-type/user-type-choice';
import { Alert } from '~/components/alert';

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
  const dinasOn = useRemoteToggle('LOOKUP_DINAS');
  const typeName = useId();
  const endedNotice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // What the visitor typed before this part hydrated, then the type chosen on an earlier visit.
    restoreEarlyInput();
    const remembered = readRememberedUserType();
    if (remembered) setUserType(remembered);
  }, []);

  useEffect(() => {
    if (sessionEnded) endedNotice.current?.focus();
  }, [sessionEnded]);

  const onSessionEnded = useCallback(() => {
    setResult(null);
    setSessionEnded(true);
  }, []);

  const chooseType = (next: UserType) => {
    setUserType(next);
    rememberUserType(next);
    setSessionEnded(false);
  };

  return (
    <>
      {result ? (
        <div className="mt-8">
          <LookupResult
            userType={userType}
            result={result}
            onSearchAgain={() => setResult(null)}
            onSessionEnded={onSessionEnded}
          />
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
            {userType === 'dinas' && !dinasOn ? (
              <div className="rounded-md border border-line bg-surface p-4">
                <p>{t('dinasOff.body')}</p>
                <Link to="/account/dinas" className="link mt-2 inline-flex min-h-11 items-center">
                  {t('dinasOff.request')}
                </Link>
              </div>
            ) : (
              <LookupForm
                key={userType}
                userType={userType}
                onFound={(found) => {
                  setSessionEnded(false);
                  setResult(found);
                }}
              />
            )}
          </div>
        </>
      )}
    </>
  );
}
