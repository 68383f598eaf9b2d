// The featured rows of the home page, one per item type, each in its featured order. An entry is
// moved by dragging it (HTML5 drag and drop) or with its Move up / Move down buttons; every move
// is shown at once and saved in the background, one save after another, so a quick series of
// moves ends in the last order. A failed save says so and reloads what the server holds.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import type { FeaturedItemType } from '../../../../../design-docs/src/constants.ts';
import { Button, Spinner, useToast } from '../../../components/ui/index.ts';
import { useDataLayer } from '../../../data/react.ts';
import type { FeaturedEntry } from '../../../data/repos/admin-featured.ts';
import { useAdminList } from '../../../data/hooks/use-admin-list.ts';
import { FEATURED_ROW_TITLES, ORDERED_BY_DATE, moveDownLabel, moveItem, moveUpLabel } from './featured-order-logic.ts';

/** In the home page's order of rows. */
const ROWS: readonly FeaturedItemType[] = ['band', 'event', 'marqet', 'restaurant', 'face'];

export const ORDER_SAVED = 'Order saved';
export const ORDER_SAVE_FAILED = 'Failed to save the order';

export function FeaturedRows() {
  return (
    <div className="home-admin__rows">
      <p className="home-admin__note">Feature items with the star on their cards or admin pages; order them here.</p>
      {ROWS.map((type) => (
        <FeaturedRow key={type} type={type} />
      ))}
    </div>
  );
}

const nameOf = (e: FeaturedEntry) => e.name ?? `Missing item ${e.itemId}`;

function FeaturedRow({ type }: { type: FeaturedItemType }) {
  const data = useDataLayer();
  const toast = useToast();
  const headingId = useId();
  const load = useCallback(() => data.admin.featured.list(type), [data, type]);
  const list = useAdminList(load);
  const [status, setStatus] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  // Saves run one after another; each saves the order shown when it starts.
  const chain = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [refocus, setRefocus] = useState<string | null>(null);

  useEffect(() => {
    if (refocus === null) return;
    buttons.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  const move = (from: number, to: number, focusKey?: string) => {
    const next = moveItem(list.items, from, to);
    const moved = list.items[from];
    if (!moved || next.indexOf(moved) === from) return;
    list.patch(() => next);
    if (focusKey) setRefocus(focusKey);
    const ids = next.map((e) => e.itemId);
    pending.current++;
    setStatus(`${nameOf(moved)} moved to position ${next.indexOf(moved) + 1} of ${next.length}. Saving order...`);
    chain.current = chain.current.then(async () => {
      try {
        await data.admin.featured.saveOrder(type, ids);
        if (--pending.current === 0) setStatus(ORDER_SAVED);
      } catch {
        pending.current--;
        setStatus('');
        toast.error(ORDER_SAVE_FAILED);
        await list.reload(true);
      }
    });
  };

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null) move(dragFrom, to);
    setDragFrom(null);
    setDragOver(null);
  };

  let body;
  if (list.loading && list.items.length === 0) {
    body = (
      <div className="list-status" role="status">
        <Spinner size="sm" />
        <p>Loading...</p>
      </div>
    );
  } else if (list.failed) {
    body = (
      <div role="alert">
        <p>Failed to load featured items. Please try again later.</p>
        <Button variant="secondary" onClick={() => void list.reload()}>
          Try again
        </Button>
      </div>
    );
  } else if (list.items.length === 0) {
    body = <p className="list-status">Nothing is featured in this row.</p>;
  } else {
    const last = list.items.length - 1;
    body = (
      <ol className="home-admin__featured" aria-labelledby={headingId}>
        {list.items.map((entry, i) => {
          const name = nameOf(entry);
          const classes = ['home-admin__entry', dragFrom === i ? 'home-admin__entry--dragging' : '', dragOver === i && dragFrom !== i ? 'home-admin__entry--over' : ''];
          return (
            <li
              key={entry.itemId}
              className={classes.filter(Boolean).join(' ')}
              data-testid={`featured-${type}`}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', entry.itemId);
                setDragFrom(i);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (dragOver !== i) setDragOver(i);
              }}
              onDrop={(e) => onDrop(e, i)}
              onDragEnd={() => {
                setDragFrom(null);
                setDragOver(null);
              }}
            >
              <span className="home-admin__grip" aria-hidden="true">
                ⠿
              </span>
              <span className="home-admin__position">{i + 1}.</span>
              <span className="home-admin__name">
                {name}
                {!entry.itemActive && <span className="kit__badge kit__badge--off"> Inactive</span>}
              </span>
              <span className="home-admin__moves">
                <Button
                  variant="secondary"
                  className="home-admin__move"
                  ref={(el) => {
                    buttons.current.set(`${entry.itemId}:up`, el);
                  }}
                  aria-label={moveUpLabel(name)}
                  aria-disabled={i === 0 ? true : undefined}
                  onClick={() => i > 0 && move(i, i - 1, `${entry.itemId}:up`)}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  variant="secondary"
                  className="home-admin__move"
                  ref={(el) => {
                    buttons.current.set(`${entry.itemId}:down`, el);
                  }}
                  aria-label={moveDownLabel(name)}
                  aria-disabled={i === last ? true : undefined}
                  onClick={() => i < last && move(i, i + 1, `${entry.itemId}:down`)}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
    );
  }

  return (
    <section className="admin-panel home-admin__row" aria-labelledby={headingId} data-testid={`featured-row-${type}`}>
      <h2 id={headingId}>{FEATURED_ROW_TITLES[type]}</h2>
      {ORDERED_BY_DATE.has(type) && <p className="home-admin__note">The home page shows this row by date, so this order does not change it there.</p>}
      {body}
      <p className="home-admin__status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
