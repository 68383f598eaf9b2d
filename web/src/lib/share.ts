// "Share": the phone's share sheet when there is one, otherwise the link on the clipboard, and
// when even that is refused the caller shows the link to copy by hand. The browser parts come
// in as functions, so the decision is a pure, tested rule.

export interface ShareData {
  title: string;
  text: string;
  url: string;
}

export interface ShareDeps {
  /** `navigator.share`, bound; undefined where the Web Share API is missing. */
  share?: ((data: ShareData) => Promise<void>) | undefined;
  /** `navigator.clipboard.writeText`, bound; undefined without a clipboard. */
  writeText?: ((text: string) => Promise<void>) | undefined;
}

/** shared: the sheet was used; cancelled: the person closed it; copied: on the clipboard; manual: show the link. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'manual';

export const LINK_COPIED_TEXT = 'Link copied';

function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

export async function shareLink(data: ShareData, deps: ShareDeps): Promise<ShareOutcome> {
  if (deps.share) {
    try {
      await deps.share(data);
      return 'shared';
    } catch (err) {
      // Closing the sheet is a choice, not a failure. Anything else (no user gesture, a
      // refused type) falls back to the clipboard.
      if (isAbort(err)) return 'cancelled';
    }
  }
  if (deps.writeText) {
    try {
      await deps.writeText(data.url);
      return 'copied';
    } catch {
      return 'manual';
    }
  }
  return 'manual';
}

/** The browser's own share and clipboard, when present. */
export function browserShareDeps(nav: Navigator = navigator): ShareDeps {
  return {
    share: typeof nav.share === 'function' ? (d) => nav.share(d) : undefined,
    writeText: typeof nav.clipboard?.writeText === 'function' ? (t) => nav.clipboard.writeText(t) : undefined,
  };
}

/** The absolute link of an item page: `https://fete.example/events/abc`. */
export function itemUrl(origin: string, segment: string, id: string): string {
  return `${origin.replace(/\/+$/, '')}/${segment}/${encodeURIComponent(id)}`;
}
