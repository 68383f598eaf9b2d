// A live query that names the document types it reads re-runs for changes of those types
// only: a chat screen's queries on the userdb (bell, receipts, blocks, contacts, the
// conversation) each re-ran for every message that arrived. A swapped database, or an id of no
// known type, still reaches every listener.
import { afterEach, describe, expect, it } from 'vitest';
import { createChangeHub, ofTypes } from '../../web/src/data/change-hub.ts';
import type { ChangeHub } from '../../web/src/data/change-hub.ts';
import type { Database } from '../../web/src/data/pouch.ts';
import { MemoryPouch } from './data-test-env.ts';

let seq = 0;
let hub: ChangeHub | null = null;

afterEach(() => {
  hub?.close();
  hub = null;
});

/** Resolves once the database's live feed has delivered a change for `id` to the hub. */
async function write(db: Database, h: ChangeHub, doc: { _id: string }): Promise<void> {
  const seen = new Promise<void>((resolve) => {
    const off = h.subscribe(['userdb'], () => {
      off();
      resolve();
    });
  });
  await db.put(doc);
  await seen;
}

describe('change hub: listeners narrowed by document type', () => {
  it('a message wakes the message listeners, not the receipts, blocks or likes listeners', async () => {
    const db = new MemoryPouch(`change-hub-${process.pid}-${++seq}`, { adapter: 'memory' });
    hub = createChangeHub();
    hub.attach('userdb', db);
    const heard = { messages: 0, receipts: 0, blocks: 0, all: 0 };
    hub.subscribe(['userdb'], () => heard.messages++, ofTypes(['message']));
    hub.subscribe(['userdb'], () => heard.receipts++, ofTypes(['receipt', 'settings']));
    hub.subscribe(['userdb'], () => heard.blocks++, ofTypes(['block']));
    hub.subscribe(['userdb'], () => heard.all++);

    await write(db, hub, { _id: 'message:2026-11-27T10:00:00.000Z:0123456789abcdef' });
    expect(heard).toEqual({ messages: 1, receipts: 0, blocks: 0, all: 1 });

    await write(db, hub, { _id: 'settings:me' });
    expect(heard).toEqual({ messages: 1, receipts: 1, blocks: 0, all: 2 });

    await write(db, hub, { _id: 'block:someone' });
    expect(heard).toEqual({ messages: 1, receipts: 1, blocks: 1, all: 3 });
    await db.destroy();
  });

  it('an id of no known type and a swapped database reach every listener', async () => {
    const db = new MemoryPouch(`change-hub-${process.pid}-${++seq}`, { adapter: 'memory' });
    hub = createChangeHub();
    hub.attach('userdb', db);
    let messages = 0;
    hub.subscribe(['userdb'], () => messages++, ofTypes(['message']));

    await write(db, hub, { _id: 'somethingelse' });
    expect(messages).toBe(1);

    // Sign-out swaps the database away: the query must run again against nothing.
    hub.attach('userdb', null);
    expect(messages).toBe(2);
    await db.destroy();
  });
});

describe('change hub: a batch of ids from elsewhere (the catalogue pull worker)', () => {
  it('each listener hears a batch once when any of its ids is in it, and not at all otherwise', () => {
    hub = createChangeHub();
    const heard = { events: 0, bands: 0, oneEvent: 0, all: 0, userdb: 0 };
    hub.subscribe(['catalog'], () => heard.events++, ofTypes(['event']));
    hub.subscribe(['catalog'], () => heard.bands++, ofTypes(['band']));
    hub.subscribe(['catalog'], () => heard.oneEvent++, (id) => id === 'event:e2');
    hub.subscribe(['catalog'], () => heard.all++);
    hub.subscribe(['userdb'], () => heard.userdb++);

    hub.emitMany('catalog', ['event:e1', 'event:e2', 'event:e3', 'restaurant:r1']);
    expect(heard).toEqual({ events: 1, bands: 0, oneEvent: 1, all: 1, userdb: 0 });

    hub.emitMany('catalog', []);
    hub.emitMany('catalog', ['event:e9']);
    expect(heard).toEqual({ events: 2, bands: 0, oneEvent: 1, all: 2, userdb: 0 });
  });
});
