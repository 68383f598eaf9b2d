// The app's chunk, in the page from the start (ADR 059). The entry imports it in stages, so a
// first visit evaluates React DOM, the data layer and the app each in a task of its own
// (web/src/main.tsx); imported that way, the build would fetch the chunk and its styles only
// once the entry had run, a round trip later. The page names both at once instead: the chunk
// as a module preload, its styles as a stylesheet, in the order they had inside the entry's.
import type { HtmlTagDescriptor, Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  name: string;
  fileName: string;
  viteMetadata?: { importedCss: Set<string> };
}

export function appChunkInPage(chunkName = 'app'): Plugin {
  return {
    name: 'fete:app-chunk-in-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c): c is ChunkLike & typeof c => c.type === 'chunk' && c.name === chunkName) as ChunkLike | undefined;
        if (!chunk) throw new Error(`no "${chunkName}" chunk in the build: see the code-splitting groups in vite.config.ts`);
        const tags: HtmlTagDescriptor[] = [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
        for (const css of chunk.viteMetadata?.importedCss ?? []) tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` }, injectTo: 'head' });
        return tags;
      },
    },
  };
}
