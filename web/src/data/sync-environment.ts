// The page events that prompt a pull or a restart (online, offline, focus, visibility), and
// where they come from by default.

export interface EventSourceLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface SyncEnvironment {
  /** `window`: online, offline, focus. */
  window: EventSourceLike | null;
  /** `document`: visibilitychange. */
  document: (EventSourceLike & { visibilityState?: string }) | null;
}

/** The page's window and document, where they exist (not in Node tests). */
export function defaultEnv(): SyncEnvironment {
  const g = globalThis as { window?: SyncEnvironment['window']; document?: SyncEnvironment['document'] };
  return { window: g.window ?? null, document: g.document ?? null };
}
