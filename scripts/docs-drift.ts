// Lists in the docs that name the code's files, held to the code by `npm run lint`: a file added
// to `web/src/data/`, `couch/src/` or `scripts/` without its line in the data layer's README or
// in ARCHITECTURE.md's `couch/src` section or `scripts/` row, an ADR without its row in the index, or ARCHITECTURE's
// "the ADRs, 001 to N" behind the last ADR, is reported. Pure: names and texts in, problems out.

/** Whether `name` is named in `text`: literally, or by a backticked pattern such as `routes-*.ts`. */
export function names(text: string, name: string): boolean {
  // As a whole name: `reads.ts` is not named by `fast-find-reads.ts`.
  const escaped = name.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(?:^|[^\\w.-])${escaped}(?![\\w.-])`).test(text)) return true;
  for (const m of text.matchAll(/`([\w.-]*\*[\w.*-]*)`/g)) {
    const pattern = new RegExp(`^${(m[1] as string).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[\\w.-]*')}$`);
    if (pattern.test(name)) return true;
  }
  return false;
}

/** The part of a Markdown text under the heading `heading`, up to the next heading of any level. */
export function sectionOf(text: string, heading: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^#+\s/.test(l) && l.replace(/^#+\s+/, '').trim() === heading);
  if (at < 0) return '';
  const end = lines.findIndex((l, i) => i > at && /^#+\s/.test(l));
  return lines.slice(at + 1, end < 0 ? undefined : end).join('\n');
}

export interface DriftInput {
  /** The `.ts` files directly in `web/src/data/`, and its README's text. */
  dataFiles: readonly string[];
  dataReadme: string;
  /** The `.ts` files directly in `couch/src/`, and ARCHITECTURE.md's text. */
  couchFiles: readonly string[];
  architecture: string;
  /** The `.ts` files in `scripts/`, named in ARCHITECTURE.md's `scripts/` row. */
  scriptFiles: readonly string[];
  /** The file names in `docs/decisions/` and its README's text. */
  adrFiles: readonly string[];
  adrIndex: string;
}

export function docsDriftProblems(input: DriftInput): string[] {
  const problems: string[] = [];
  for (const f of input.dataFiles) {
    if (!input.dataReadme.includes(`\`${f}\``)) problems.push(`web/src/data/README.md: no line for ${f}`);
  }
  const couch = sectionOf(input.architecture, 'couch/src');
  if (couch === '') problems.push('docs/ARCHITECTURE.md: no "couch/src" section');
  else for (const f of input.couchFiles) if (!names(couch, f)) problems.push(`docs/ARCHITECTURE.md: the couch/src section does not name ${f}`);
  const scripts = input.architecture.split('\n').find((l) => l.startsWith('| `scripts/` |')) ?? '';
  for (const f of input.scriptFiles) if (!names(scripts, f)) problems.push(`docs/ARCHITECTURE.md: the scripts/ row does not name ${f}`);
  const adrs = input.adrFiles.flatMap((f) => (/^\d{3}-.+\.md$/.test(f) ? [f] : []));
  for (const f of adrs) if (!input.adrIndex.includes(`(${f})`)) problems.push(`docs/decisions/README.md: no row for ${f}`);
  const last = adrs.map((f) => f.slice(0, 3)).sort().at(-1);
  const claimed = /the ADRs, 001 to (\d{3})/.exec(input.architecture)?.[1];
  if (last && claimed !== last) problems.push(`docs/ARCHITECTURE.md: says "the ADRs, 001 to ${claimed ?? '?'}", the last is ${last}`);
  return problems;
}
