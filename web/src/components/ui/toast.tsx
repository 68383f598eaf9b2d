// The app's one notice pattern (the spec's "alerts"): short messages in a corner region.
// Two live regions exist from the start, so screen readers announce what is added to them:
// success and info politely, errors assertively. A toast with `durationMs: null` stays until
// dismissed; the timer pauses while the pointer or focus is on the toast.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  message: string;
  tone?: ToastTone;
  action?: ToastAction;
  /** Milliseconds before it goes; null keeps it until dismissed. Default 5 s (errors 8 s). */
  durationMs?: number | null;
}

export interface ToastApi {
  show(t: ToastOptions): string;
  dismiss(id: string): void;
  success(message: string): string;
  error(message: string): string;
  info(message: string): string;
}

interface ToastItem {
  id: string;
  message: string;
  tone: ToastTone;
  action?: ToastAction;
  durationMs: number | null;
}

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_ERROR_MS = 8000;
const MAX_TOASTS = 4;

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((t: ToastOptions) => {
    const tone = t.tone ?? 'info';
    const id = `toast-${++counter}`;
    const durationMs = t.durationMs === undefined ? (tone === 'error' ? TOAST_ERROR_MS : TOAST_DEFAULT_MS) : t.durationMs;
    setToasts((list) => {
      // The same text twice in a row is one notice, shown again.
      const rest = list.filter((x) => !(x.message === t.message && x.tone === tone));
      return [...rest, { id, message: t.message, tone, action: t.action, durationMs }].slice(-MAX_TOASTS);
    });
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message) => show({ message, tone: 'success' }),
      error: (message) => show({ message, tone: 'error' }),
      info: (message) => show({ message, tone: 'info' }),
    }),
    [show, dismiss],
  );

  const polite = toasts.filter((t) => t.tone !== 'error');
  const assertive = toasts.filter((t) => t.tone === 'error');

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts">
        <div className="toasts__region" role="status" aria-live="polite" aria-relevant="additions text">
          {polite.map((t) => (
            <Toast key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
        <div className="toasts__region" role="alert" aria-live="assertive" aria-relevant="additions text">
          {assertive.map((t) => (
            <Toast key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs);

  useEffect(() => {
    if (paused || remaining.current === null) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(500, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <p className="toast__message">{toast.message}</p>
      <div className="toast__actions">
        {toast.action && (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              toast.action?.onClick();
              onDismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        )}
        <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
