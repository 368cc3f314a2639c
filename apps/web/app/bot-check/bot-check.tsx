import { BOT_CHECK_CHALLENGE_PATH } from '@portal/contracts/account-lookup-paths';
import type { Challenge } from 'altcha-lib';
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { webConfig } from '~/config';
import { FORMS_NAMESPACE } from '~/i18n/forms-namespace';

export type BotCheckHandle = {
  /** Solves a fresh challenge: call it after every submission, since a payload is single use. */
  reset: () => void;
};

type BotCheckProps = {
  /** Receives the `altcha` payload once solved, and null when a new check starts. */
  onVerified: (payload: string | null) => void;
  ref?: Ref<BotCheckHandle>;
  /** Replaces the Web Worker, for unit tests. */
  solve?: (challenge: Challenge) => Promise<string | null>;
};

type Status = 'working' | 'verified' | 'failed';

// A challenge lives 10 minutes on the server; solve a new one a little before it expires.
const RENEW_BEFORE_EXPIRY_MS = 30_000;

function solveInWorker(challenge: Challenge): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bot-check-worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<{ payload: string | null }>) => {
      worker.terminate();
      resolve(event.data.payload);
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('bot check worker failed'));
    };
    worker.postMessage({ challenge });
  });
}

async function fetchChallenge(): Promise<Challenge> {
  const response = await fetch(webConfig.apiBase + BOT_CHECK_CHALLENGE_PATH, {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`challenge ${response.status}`);
  return (await response.json()) as Challenge;
}

/**
 * The self-hosted proof-of-work bot check (decision 0209): fetches an ALTCHA challenge when
 * shown, solves it in a Web Worker and hands the payload to the form. Its status is a polite
 * live region, so screen reader users hear when the form is ready.
 */
export function BotCheck({ onVerified, ref, solve = solveInWorker }: BotCheckProps) {
  const { t } = useTranslation(FORMS_NAMESPACE);
  const [status, setStatus] = useState<Status>('working');
  const round = useRef(0);
  const renewTimer = useRef<number | undefined>(undefined);
  const onVerifiedRef = useRef(onVerified);
  useEffect(() => {
    onVerifiedRef.current = onVerified;
  }, [onVerified]);

  const run = useCallback(async () => {
    const current = ++round.current;
    window.clearTimeout(renewTimer.current);
    setStatus('working');
    onVerifiedRef.current(null);
    try {
      const challenge = await fetchChallenge();
      const payload = await solve(challenge);
      if (current !== round.current) return;
      if (!payload) throw new Error('no solution');
      setStatus('verified');
      onVerifiedRef.current(payload);
      const expiresAt = challenge.parameters.expiresAt;
      if (expiresAt) {
        const delay = expiresAt * 1000 - Date.now() - RENEW_BEFORE_EXPIRY_MS;
        renewTimer.current = window.setTimeout(() => void run(), Math.max(delay, 0));
      }
    } catch {
      if (current === round.current) setStatus('failed');
    }
  }, [solve]);

  useImperativeHandle(ref, () => ({ reset: () => void run() }), [run]);

  useEffect(() => {
    void run();
    return () => {
      round.current += 1;
      window.clearTimeout(renewTimer.current);
    };
  }, [run]);

  return (
    <div className="flex min-h-11 flex-wrap items-center gap-3 rounded-md border border-muted bg-surface px-3 py-2 text-sm">
      <span aria-hidden="true" className="inline-flex size-5 items-center justify-center">
        {status === 'verified' ? (
          <svg viewBox="0 0 20 20" className="size-5 text-success" fill="currentColor">
            <path d="M8 13.6 4.4 10 3 11.4l5 5 9-9L15.6 6z" />
          </svg>
        ) : status === 'working' ? (
          <span className="size-4 rounded-full border-2 border-brand border-t-transparent motion-safe:animate-spin" />
        ) : (
          <span className="font-bold text-danger">!</span>
        )}
      </span>
      <p role="status" aria-live="polite" className="flex-1">
        <span className="sr-only">{t('botCheck.label')}: </span>
        <span className={status === 'failed' ? 'font-semibold text-danger' : undefined}>
          {t(`botCheck.${status}`)}
        </span>
      </p>
      {status === 'failed' ? (
        <button type="button" className="btn btn-secondary min-h-11" onClick={() => void run()}>
          {t('botCheck.retry')}
        </button>
      ) : null}
    </div>
  );
}
