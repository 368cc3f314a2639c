import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

export type AuthModalMode = 'pengajuan-akun' | 'portal-admin';

/** App-wide modals; features open them here without importing each other. */
export type DialogRequest =
  | { kind: 'auth'; mode: AuthModalMode }
  | { kind: 'reset' }
  | { kind: 'help' }
  | { kind: 'iframe'; title: string; src: string };
export type DialogKind = DialogRequest['kind'];

type DialogApi = {
  /** Open dialogs, bottom first; a dialog opened from another one stacks above it. */
  stack: DialogRequest[];
  open: (request: DialogRequest) => void;
  close: (kind: DialogKind) => void;
};

const DialogContext = createContext<DialogApi | null>(null);

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialogs needs a DialogProvider');
  return api;
}

export function DialogProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<DialogRequest[]>([]);
  const open = useCallback((request: DialogRequest) => {
    setStack((current) => [...current.filter((item) => item.kind !== request.kind), request]);
  }, []);
  const close = useCallback((kind: DialogKind) => {
    setStack((current) => current.filter((item) => item.kind !== kind));
  }, []);
  const api = useMemo(() => ({ stack, open, close }), [stack, open, close]);
  return <DialogContext.Provider value={api}>{children}</DialogContext.Provider>;
}
