// The toast queue as plain data, so its rules are testable without a DOM or real timers: the
// provider owns one clock (Date.now) and one timer for the nearest deadline.
//
// Rules:
// - The same tone and text again is one notice: its count goes up and its time starts over.
// - At most `cap` notices show at once; the rest wait in order, errors ahead of the others
//   (an error says something went wrong and should not wait behind "Saved").
// - A waiting notice's time starts when it shows, not when it was asked for.
// - Time stands still while the person points at or focuses a notice.

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastRequest {
  message: string;
  tone: ToastTone;
  action?: ToastAction;
  /** Milliseconds on screen; null keeps it until dismissed. */
  durationMs: number | null;
}

export interface QueuedToast extends ToastRequest {
  id: string;
  /** How many times it was asked for while on screen or waiting. */
  count: number;
  /** When it goes (clock ms); null while waiting, held or kept until dismissed. */
  deadline: number | null;
  /** Time it still has while held or waiting. */
  remainingMs: number | null;
  held: boolean;
}

export interface ToastQueue {
  visible: readonly QueuedToast[];
  waiting: readonly QueuedToast[];
  cap: number;
  /** The last id handed out: ids stay unique for the provider's life. */
  seq: number;
}

export const TOAST_DEFAULT_MS = 5000;
/** Errors stay longer: they are read more slowly and usually mean something to do. */
export const TOAST_ERROR_MS = 8000;
export const TOAST_VISIBLE_CAP = 3;
/** After a hover or focus ends, a notice keeps at least this long, so it does not vanish at once. */
export const TOAST_MIN_AFTER_HOLD_MS = 1000;

export function emptyQueue(cap = TOAST_VISIBLE_CAP): ToastQueue {
  return { visible: [], waiting: [], cap: Math.max(1, cap), seq: 0 };
}

/** A caller's options with the defaults filled in: info, and the tone's time. */
export function toastRequest(options: { message: string; tone?: ToastTone; action?: ToastAction; durationMs?: number | null }): ToastRequest {
  const tone = options.tone ?? 'info';
  const durationMs = options.durationMs === undefined ? (tone === 'error' ? TOAST_ERROR_MS : TOAST_DEFAULT_MS) : options.durationMs;
  return { message: options.message, tone, durationMs, ...(options.action ? { action: options.action } : {}) };
}

const sameNotice = (a: Pick<ToastRequest, 'message' | 'tone'>, b: Pick<ToastRequest, 'message' | 'tone'>) =>
  a.tone === b.tone && a.message === b.message;

/** Adds a notice, or counts it again when the same one is showing or waiting; returns its id. */
export function pushToast(queue: ToastQueue, request: ToastRequest, now: number): { queue: ToastQueue; id: string } {
  const shown = queue.visible.find((t) => sameNotice(t, request));
  if (shown) {
    const again = restart({ ...shown, ...request, id: shown.id, count: shown.count + 1 }, now);
    return { queue: { ...queue, visible: queue.visible.map((t) => (t.id === shown.id ? again : t)) }, id: shown.id };
  }
  const queued = queue.waiting.find((t) => sameNotice(t, request));
  if (queued) {
    const again: QueuedToast = { ...queued, ...request, id: queued.id, count: queued.count + 1, remainingMs: request.durationMs };
    return { queue: { ...queue, waiting: queue.waiting.map((t) => (t.id === queued.id ? again : t)) }, id: queued.id };
  }
  const seq = queue.seq + 1;
  const id = `toast-${seq}`;
  const fresh: QueuedToast = { ...request, id, count: 1, deadline: null, remainingMs: request.durationMs, held: false };
  return { queue: fill({ ...queue, seq, waiting: enqueue(queue.waiting, fresh) }, now), id };
}

/** Removes a notice, showing or waiting; the next waiting one takes its place. */
export function dismissToast(queue: ToastQueue, id: string, now: number): ToastQueue {
  const visible = queue.visible.filter((t) => t.id !== id);
  const waiting = queue.waiting.filter((t) => t.id !== id);
  if (visible.length === queue.visible.length && waiting.length === queue.waiting.length) return queue;
  return fill({ ...queue, visible, waiting }, now);
}

/** Removes the notices whose time is up and shows the waiting ones in their place. */
export function expireToasts(queue: ToastQueue, now: number): ToastQueue {
  const visible = queue.visible.filter((t) => t.deadline === null || t.deadline > now);
  if (visible.length === queue.visible.length) return queue;
  return fill({ ...queue, visible }, now);
}

/** Pointer or focus on a notice stops its clock; leaving starts it again with what was left. */
export function holdToast(queue: ToastQueue, id: string, held: boolean, now: number): ToastQueue {
  const current = queue.visible.find((t) => t.id === id);
  if (!current || current.held === held) return queue;
  let next: QueuedToast;
  if (held) {
    const left = current.deadline === null ? current.remainingMs : Math.max(0, current.deadline - now);
    next = { ...current, held: true, deadline: null, remainingMs: left };
  } else {
    const left = current.remainingMs === null ? null : Math.max(TOAST_MIN_AFTER_HOLD_MS, current.remainingMs);
    next = { ...current, held: false, deadline: left === null ? null : now + left, remainingMs: left };
  }
  return { ...queue, visible: queue.visible.map((t) => (t.id === id ? next : t)) };
}

/** The nearest moment a showing notice goes, or null when none is timed. */
export function nextDeadline(queue: ToastQueue): number | null {
  let soonest: number | null = null;
  for (const t of queue.visible) if (t.deadline !== null && (soonest === null || t.deadline < soonest)) soonest = t.deadline;
  return soonest;
}

/** Its full time again: from now, or (while held) once the hold ends. */
function restart(t: QueuedToast, now: number): QueuedToast {
  if (t.durationMs === null) return { ...t, deadline: null, remainingMs: null };
  return t.held ? { ...t, deadline: null, remainingMs: t.durationMs } : { ...t, deadline: now + t.durationMs, remainingMs: t.durationMs };
}

/** Errors go after the waiting errors but ahead of every other waiting notice. */
function enqueue(waiting: readonly QueuedToast[], t: QueuedToast): QueuedToast[] {
  if (t.tone !== 'error') return [...waiting, t];
  const firstOther = waiting.findIndex((w) => w.tone !== 'error');
  return firstOther === -1 ? [...waiting, t] : [...waiting.slice(0, firstOther), t, ...waiting.slice(firstOther)];
}

/** Moves waiting notices on screen while there is room; their time starts now. */
function fill(queue: ToastQueue, now: number): ToastQueue {
  const room = queue.cap - queue.visible.length;
  if (room <= 0 || queue.waiting.length === 0) return queue;
  const shown = queue.waiting.slice(0, room).map((t) => restart({ ...t, held: false }, now));
  return { ...queue, visible: [...queue.visible, ...shown], waiting: queue.waiting.slice(room) };
}
