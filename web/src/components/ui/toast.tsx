// The app's one notice pattern (the spec's "alerts"): short messages in a corner region.
// Two live regions exist from the start, so screen readers announce what is added to them:
// success and info politely, errors assertively. The queue's rules (one notice per text, a few
// on screen, the rest waiting) live in toast-queue.ts; this file only shows it and keeps time.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import {
  TOAST_VISIBLE_CAP,
  dismissToast,
  emptyQueue,
  expireToasts,
  holdToast,
  nextDeadline,
  pushToast,
  toastRequest,
} from './toast-queue.ts';
import type { QueuedToast, ToastAction, ToastQueue, ToastTone } from './toast-queue.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

export { TOAST_DEFAULT_MS, TOAST_ERROR_MS } from './toast-queue.ts';
export type { ToastAction, ToastTone } from './toast-queue.ts';

export interface ToastOptions {
  message: string;
  tone?: ToastTone;
  action?: ToastAction;
  /** Milliseconds before it goes; null keeps it until dismissed. Default 5 s (errors 8 s). */
  durationMs?: number | null;
}

export interface ToastApi {
  /** The id of the notice; the same text and tone while it still shows or waits gives the same id. */
  show(t: ToastOptions): string;
  dismiss(id: string): void;
  success(message: string): string;
  error(message: string): string;
  info(message: string): string;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}

export function ToastProvider({ children, cap = TOAST_VISIBLE_CAP }: { children: ReactNode; cap?: number }) {
  const [queue, setQueue] = useState<ToastQueue>(() => emptyQueue(cap));
  // The queue is also kept outside React's state so show() can hand back the id at once.
  const current = useRef(queue);

  const apply = useCallback((change: (q: ToastQueue, now: number) => ToastQueue) => {
    const next = change(current.current, Date.now());
    if (next === current.current) return;
    current.current = next;
    setQueue(next);
  }, []);

  const show = useCallback(
    (t: ToastOptions) => {
      let id = '';
      apply((q, now) => {
        const pushed = pushToast(q, toastRequest(t), now);
        id = pushed.id;
        return pushed.queue;
      });
      return id;
    },
    [apply],
  );
  const dismiss = useCallback((id: string) => apply((q, now) => dismissToast(q, id, now)), [apply]);
  const hold = useCallback((id: string, held: boolean) => apply((q, now) => holdToast(q, id, held, now)), [apply]);

  // One timer, for the notice that goes first; every change of the queue sets it again.
  useEffect(() => {
    const deadline = nextDeadline(queue);
    if (deadline === null) return;
    const timer = setTimeout(() => apply(expireToasts), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [queue, apply]);

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

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegions toasts={queue.visible} onDismiss={dismiss} onHold={hold} />
    </ToastContext.Provider>
  );
}

interface ToastRegionsProps {
  toasts: readonly QueuedToast[];
  onDismiss(id: string): void;
  onHold(id: string, held: boolean): void;
}

/** The two live regions and the notices on screen (exported for tests of the markup). */
export function ToastRegions({ toasts, onDismiss, onHold }: ToastRegionsProps) {
  const polite = toasts.filter((t) => t.tone !== 'error');
  const assertive = toasts.filter((t) => t.tone === 'error');
  return (
    <div className="toasts">
      <div className="toasts__region" role="status" aria-live="polite" aria-relevant="additions text">
        {polite.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={onDismiss} onHold={onHold} />
        ))}
      </div>
      <div className="toasts__region" role="alert" aria-live="assertive" aria-relevant="additions text">
        {assertive.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={onDismiss} onHold={onHold} />
        ))}
      </div>
    </div>
  );
}

function Toast({ toast, onDismiss, onHold }: { toast: QueuedToast; onDismiss(id: string): void; onHold(id: string, held: boolean): void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Pointer and focus hold the notice separately: leaving with the mouse while a button inside
  // still has focus must not start the clock.
  const holders = useRef({ pointer: false, focus: false });
  const setHolder = (which: 'pointer' | 'focus', on: boolean) => {
    holders.current[which] = on;
    onHold(toast.id, holders.current.pointer || holders.current.focus);
  };

  // Dismissed by the person while focus is inside: focus goes to the next notice or the page,
  // not to the top of the document.
  const close = () => {
    const el = ref.current;
    if (el?.contains(document.activeElement)) {
      const next = [...document.querySelectorAll<HTMLElement>('.toast')].find((t) => t !== el);
      (next?.querySelector<HTMLElement>('.toast__close') ?? document.getElementById('main'))?.focus();
    }
    onDismiss(toast.id);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };

  return (
    <div
      ref={ref}
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setHolder('pointer', true)}
      onMouseLeave={() => setHolder('pointer', false)}
      onFocus={() => setHolder('focus', true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHolder('focus', false);
      }}
      onKeyDown={onKeyDown}
    >
      {/* Atomic: when a repeat raises the count, the whole notice is read again, not just "2 times". */}
      <p className="toast__message" aria-atomic="true">
        {toast.message}
        {toast.count > 1 && (
          <>
            {' '}
            <span className="toast__count" aria-hidden="true">
              ×{toast.count}
            </span>
            <VisuallyHidden>({toast.count} times)</VisuallyHidden>
          </>
        )}
      </p>
      <div className="toast__actions">
        {toast.action && (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              toast.action?.onClick();
              close();
            }}
          >
            {toast.action.label}
          </button>
        )}
        <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
