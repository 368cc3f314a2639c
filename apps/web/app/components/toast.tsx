import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export type ToastTone = 'info' | 'success' | 'error';
export type ToastAction = { label: string; onClick: () => void };
export type ToastOptions = {
  tone?: ToastTone;
  /** `null` keeps the toast until it is closed. */
  durationMs?: number | null;
  actions?: ToastAction[];
  /**
   * The path of the page the message is about: leaving that page dismisses it, so it never
   * follows the visitor to a step where it is stale. Absent, the toast is about the whole site.
   */
  page?: string;
};
type ToastItem = { id: number; message: string; options: ToastOptions };
type ToastApi = {
  show: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
  /** Dismisses the toasts bound to a page other than `pathname`. */
  keepPage: (pathname: string) => void;
};

const DEFAULT_DURATION_MS = 6000;
const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);
  const show = useCallback((message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    setItems((current) => [...current, { id, message, options }]);
    return id;
  }, []);
  const keepPage = useCallback((pathname: string) => {
    setItems((current) => {
      const kept = current.filter(
        (item) => item.options.page === undefined || item.options.page === pathname,
      );
      return kept.length === current.length ? current : kept;
    });
  }, []);
  const api = useMemo(() => ({ show, dismiss, keepPage }), [show, dismiss, keepPage]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        // Empty, the region takes no room: padded, it covered whatever scrolled beneath it. On a
        // phone it sits at the top, over the navbar: at the bottom it covered a form's primary
        // action (and the announcement sheet).
        className={clsx(
          'pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 sm:top-auto sm:bottom-0 sm:items-end',
          items.length > 0 && 'p-3',
        )}
      >
        {items.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Mounted once inside the router: a navigation dismisses the toasts of the page left behind. */
export function ToastPageBinding() {
  const { keepPage } = useToast();
  const { pathname } = useLocation();
  useEffect(() => keepPage(pathname), [keepPage, pathname]);
  return null;
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation('common');
  const { tone = 'info', durationMs = DEFAULT_DURATION_MS, actions = [] } = item.options;
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (durationMs === null || paused) return;
    const timer = window.setTimeout(() => onDismiss(item.id), durationMs);
    return () => window.clearTimeout(timer);
  }, [durationMs, paused, item.id, onDismiss]);

  return (
    <div
      data-toast-tone={tone}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={clsx(
        'pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 bg-white p-3 text-ink shadow-lg ring-1 ring-line',
        tone === 'success' && 'border-success',
        tone === 'error' && 'border-danger',
        tone === 'info' && 'border-brand',
      )}
    >
      <p className="flex-1 py-1">{item.message}</p>
      <div className="flex shrink-0 flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className="btn btn-primary min-h-10 px-3 py-1"
            onClick={() => {
              action.onClick();
              onDismiss(item.id);
            }}
          >
            {action.label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-ghost min-h-10 px-3 py-1"
          onClick={() => onDismiss(item.id)}
        >
          {t('close')}
        </button>
      </div>
    </div>
  );
}
