// The layer rule of `npm run lint` (scripts/layers.ts): a planted upward import is reported, an
// allowed one passes.
import { describe, expect, it } from 'vitest';
import { importsOf, layerOf, layerProblems } from '../../scripts/layers.ts';

describe('the layer rule', () => {
  it('reports a component importing from app/', () => {
    const problems = layerProblems('web/src/components/layout/top-bar.tsx', "import { useBack } from '../../app/use-back.ts';\n");
    expect(problems).toEqual([expect.stringContaining('web/src/components may not import web/src/app/use-back.ts')]);
  });

  it('reports every upward step of the web app, re-exports and dynamic imports included', () => {
    expect(layerProblems('web/src/screens/bands/x.tsx', "export { routes } from '../../app/routes.tsx';")).toHaveLength(1);
    expect(layerProblems('web/src/data/x.ts', "const m = await import('../components/ui/index.ts');")).toHaveLength(1);
    expect(layerProblems('web/src/lib/x.ts', "import type {\n  SyncState,\n} from '../data/sync-status.ts';")).toHaveLength(1);
  });

  it('passes imports down the layers, within a layer, and of the data contract', () => {
    const text = [
      "import { useDataLayer } from '../../data/react.ts';",
      "import { formatPrice } from '../../lib/money.ts';",
      "import { Button } from '../../components/ui/index.ts';",
      "import { ChatRow } from './parts/chat-row.tsx';",
      "import { typeOfId } from '../../../../design-docs/src/ids.ts';",
      "import { useState } from 'react';",
      "import './chat.css';",
    ].join('\n');
    expect(layerProblems('web/src/screens/chat/x.tsx', text)).toEqual([]);
    expect(layerProblems('web/src/main.tsx', "import { App } from './app/app.tsx';")).toEqual([]);
  });

  it('keeps the contract, the backend and the server in their lanes', () => {
    expect(layerProblems('design-docs/src/x.ts', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(layerProblems('design-docs/src/x.ts', "import { imageUrl } from '../../web/src/lib/format.ts';")).toHaveLength(1);
    expect(layerProblems('design-docs/src/schemas/x.ts', "import { ids } from '../ids.ts';")).toEqual([]);
    expect(layerProblems('couch/src/x.ts', "import { loadConfig } from '../../sync-server/src/config.ts';")).toHaveLength(1);
    expect(layerProblems('sync-server/src/share/x.ts', "import { imageUrl } from '../../../web/src/lib/format.ts';")).toHaveLength(1);
    expect(layerProblems('sync-server/src/x.ts', "import { provisionShared } from '../../couch/src/provision.ts';")).toEqual([]);
  });

  it('keeps each screen folder apart from the others', () => {
    expect(layerProblems('web/src/screens/settings/settings-screen.tsx', "import { AvatarField } from '../account/avatar-field.tsx';")).toEqual([
      expect.stringContaining("a screen folder may not import another's (web/src/screens/account/avatar-field.tsx)"),
    ]);
    expect(layerProblems('web/src/screens/admin/restaurant-admin/x.tsx', "import { AdminKit } from '../kit/admin-kit.tsx';")).toEqual([]);
    expect(layerProblems('web/src/screens/settings/settings-screen.tsx', "import { AvatarField } from '../../components/account/avatar-field.tsx';")).toEqual([]);
    expect(layerProblems('web/src/app/routes.tsx', "import { HomeScreen } from '../screens/home/home-screen.tsx';")).toEqual([]);
  });

  it('lets only the demo data use the test fixtures, and the server use the demo data', () => {
    expect(layerProblems('sync-server/src/workers/x.ts', "import { makeEvent } from '../../../tests/fixtures/factories/index.ts';")).toHaveLength(1);
    expect(layerProblems('sync-server/src/demo/x.ts', "import { makeEvent } from '../../../tests/fixtures/factories/index.ts';")).toEqual([]);
    expect(layerProblems('sync-server/src/demo/x.ts', "import type { ServerContext } from '../context.ts';")).toEqual([]);
    expect(layerProblems('sync-server/src/server.ts', "import { seedDemo } from './demo/seed.ts';")).toEqual([]);
  });

  it('says nothing about folders outside the table', () => {
    expect(layerOf('tests/unit/x.test.ts')).toBeNull();
    expect(layerProblems('tests/unit/x.test.ts', "import { routes } from '../../web/src/app/routes.tsx';")).toEqual([]);
  });

  it('finds the specifiers of every import form', () => {
    const text = "import a from './a.ts';\nimport type { B } from './b.ts';\nexport * from './c.ts';\nimport './d.css';\nvoid import('./e.ts');";
    expect(importsOf(text).sort()).toEqual(['./a.ts', './b.ts', './c.ts', './d.css', './e.ts']);
  });
});
