// The one-way-to-read rule of `npm run lint` (scripts/data-hooks-rule.ts): a screen or component
// calling a generic reader is reported; data/hooks, named hooks and the listed exceptions pass.
import { describe, expect, it } from 'vitest';
import { bareEffectReads, dataHookProblems, EFFECT_READ_EXCEPTIONS, READER_EXCEPTIONS } from '../../scripts/data-hooks-rule.ts';

const INLINE = [
  "import { useDataLayer, useLiveQuery } from '../../data/react.ts';",
  "const q = useLiveQuery(() => data.receipts.list(), [userId], { dbs: ['userdb'] });",
].join('\n');

describe('the data hooks rule', () => {
  it('reports a screen or a component calling useLiveQuery', () => {
    expect(dataHookProblems('web/src/screens/dashboard/receipts-tab.tsx', INLINE)).toEqual([expect.stringContaining('reads data with useLiveQuery')]);
    expect(dataHookProblems('web/src/components/layout/bell.tsx', INLINE)).toHaveLength(1);
    expect(dataHookProblems('web/src/app/x.tsx', 'const q = useLiveQuery<Item[]>(load, []);')).toHaveLength(1);
  });

  it('reports the catalogue readers and a lone import of one', () => {
    expect(dataHookProblems('web/src/screens/bands/x.tsx', 'const { items } = useCatalogList(() => data.bands.all(), "bands");')).toHaveLength(1);
    expect(dataHookProblems('web/src/screens/bands/x.tsx', 'const s = useCatalogItem(() => data.bands.byId(id), [id]);')).toHaveLength(1);
    expect(dataHookProblems('web/src/screens/x.tsx', "import {\n  useSession,\n  useLiveQuery,\n} from '../data/react.ts';")).toHaveLength(1);
  });

  it('passes named hooks, the data layer itself, comments and files outside the web app', () => {
    const named = "import { useReceipts } from '../../data/hooks/use-receipts.ts';\nconst { data } = useReceipts(userId);";
    expect(dataHookProblems('web/src/screens/dashboard/receipts-tab.tsx', named)).toEqual([]);
    expect(dataHookProblems('web/src/screens/x.tsx', "import type { LiveQueryState } from '../data/react.ts';")).toEqual([]);
    expect(dataHookProblems('web/src/data/hooks/use-receipts.ts', INLINE)).toEqual([]);
    expect(dataHookProblems('web/src/data/react.ts', 'export function useLiveQuery<T>(')).toEqual([]);
    expect(dataHookProblems('web/src/screens/x.tsx', '// kept live by useLiveQuery (debounced)\n/* useCatalogList(...) */')).toEqual([]);
    expect(dataHookProblems('tests/unit/x.test.ts', INLINE)).toEqual([]);
  });

  it('lets listed exceptions through, a file exactly and a folder by prefix, each with a reason', () => {
    const listed = { 'web/src/screens/chat/conversation.tsx': 'a reason long enough', 'web/src/screens/admin/kit/': 'a reason long enough' };
    expect(dataHookProblems('web/src/screens/chat/conversation.tsx', INLINE, listed)).toEqual([]);
    expect(dataHookProblems('web/src/screens/admin/kit/use-admin-list.ts', INLINE, listed)).toEqual([]);
    expect(dataHookProblems('web/src/screens/chat/fete-chat-screen.tsx', INLINE, listed)).toHaveLength(1);
    expect(dataHookProblems('web/src/screens/admin/bands/x.tsx', INLINE, listed)).toHaveLength(1);
    for (const reason of Object.values(READER_EXCEPTIONS)) expect(reason.length).toBeGreaterThan(10);
  });

  it('excepts no file of the app today: the conversation and the admin kit read through hooks too', () => {
    expect(READER_EXCEPTIONS).toEqual({});
    expect(dataHookProblems('web/src/screens/chat/conversation.tsx', INLINE)).toHaveLength(1);
  });

  describe('reads in a bare effect', () => {
    // A one-shot read written by hand, as screens did before useQuery.
    const PLANTED = [
      "import { useEffect, useState } from 'react';",
      "import { useDataLayer } from '../../data/react.ts';",
      'export function X({ id }: { id: string }) {',
      '  const data = useDataLayer();',
      '  const [item, setItem] = useState(null);',
      '  // the effect below reads once',
      '  useEffect(() => {',
      '    let live = true;',
      '    data.events.byId(id).then((e) => live && setItem(e));',
      '    return () => {',
      '      live = false;',
      '    };',
      '  }, [data, id]);',
      '}',
    ].join('\n');

    it('reports a screen or component whose effect waits for the data layer, at the line of the effect', () => {
      expect(dataHookProblems('web/src/screens/events/x.tsx', PLANTED)).toEqual([expect.stringContaining('web/src/screens/events/x.tsx:7: reads in a bare effect')]);
      expect(dataHookProblems('web/src/components/catalog/x.tsx', PLANTED)).toHaveLength(1);
      const awaited = PLANTED.replace('data.events.byId(id).then((e) => live && setItem(e));', 'void (async () => { const e = await data.events.byId(id); if (live) setItem(e); })();');
      expect(bareEffectReads(awaited)).toEqual([7]);
      const loader = PLANTED.replace('data.events.byId(id).then((e) => live && setItem(e));', 'void reload();');
      expect(bareEffectReads(loader)).toEqual([7]);
    });

    it('passes useQuery, effects that do not wait, a handler that waits inside an effect, and files without the data layer', () => {
      const viaHook = "import { useQuery } from '../../data/hooks/use-query.ts';\nconst data = useDataLayer();\nconst item = useQuery(() => data.events.byId(id), [data, id]);";
      expect(dataHookProblems('web/src/screens/events/x.tsx', viaHook)).toEqual([]);
      expect(bareEffectReads('const data = useDataLayer();\nuseEffect(() => {\n  startServiceWorker(data.status);\n}, [data]);')).toEqual([]);
      expect(bareEffectReads("const data = useDataLayer();\nuseEffect(() => {\n  toast.show({ action: { onClick: () => void applyUpdate() } });\n}, []);")).toEqual([]);
      expect(bareEffectReads("useEffect(() => {\n  import('./leaflet.ts').then((m) => m.draw());\n}, []);")).toEqual([]);
      expect(dataHookProblems('web/src/data/hooks/use-query.ts', PLANTED)).toEqual([]);
    });

    it('excepts only the listed files, and none of the app today', () => {
      expect(dataHookProblems('web/src/screens/events/x.tsx', PLANTED, {}, { 'web/src/screens/events/x.tsx': 'a reason long enough' })).toEqual([]);
      expect(EFFECT_READ_EXCEPTIONS).toEqual({});
    });
  });
});
