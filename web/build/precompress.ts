// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the
// highest settings: they are made once per build and sent to every visitor, so their CPU is
// spent once (ADR 058). The server sends the copy the client takes (sync-server/src/compression/
// web-files.ts). A copy that is not smaller than its file is not written.
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth encoding: text, and icons (an .ico is mostly uncompressed bitmaps). Source maps are left: only developer tools fetch them. */
const ENCODABLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/i;

export interface PrecompressReport {
  files: number;
  /** Copies written, by coding. */
  br: number;
  gzip: number;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (entry.isFile() && ENCODABLE.test(entry.name)) out.push(p);
  }
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Encodes every encodable file under `dir`; what a file already had is written again. The files
 * are encoded on libuv's threads, several at once: brotli's best quality is slow.
 */
export async function precompressDir(dir: string): Promise<PrecompressReport> {
  const files: string[] = [];
  walk(dir, files);
  const report: PrecompressReport = { files: files.length, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const bytes = new Uint8Array(await readFile(file));
      const [br, gz] = await Promise.all([
        brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.byteLength < bytes.byteLength) {
        await writeFile(file + '.br', new Uint8Array(br));
        report.br++;
      }
      if (gz.byteLength < bytes.byteLength) {
        await writeFile(file + '.gz', new Uint8Array(gz));
        report.gzip++;
      }
    }),
  );
  return report;
}

/**
 * The Vite plugin: runs after everything else has written to the output folder, the service
 * worker of vite-plugin-pwa included (its `closeBundle` is sequential and not `post`).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fete:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!statSync(outDir, { throwIfNoEntry: false })?.isDirectory()) return;
        const r = await precompressDir(outDir);
        this.info?.(`precompressed ${r.files} files: ${r.br} brotli, ${r.gzip} gzip copies`);
      },
    },
  };
}
