// The end of a paged list: a real button (keyboard, no infinite-scroll trap) that also loads by
// itself as it nears the viewport.
import type { PagedList } from './paged-list.ts';

export function LoadMore({ paged, noun }: { paged: PagedList<unknown>; noun: string }) {
  if (!paged.hasMore) return null;
  return (
    <div className="load-more" ref={paged.sentinelRef}>
      <button type="button" className="btn btn--secondary" onClick={paged.showMore}>
        Show more {noun} ({paged.remaining} more)
      </button>
    </div>
  );
}
