// pouchdb-find's own selector matcher, so a query that streams (routes-find.ts) matches exactly
// what pouchdb-find would. It ships no types; this is the small surface used.
import { createRequire } from 'node:module';

interface SelectorCore {
  massageSelector(selector: unknown): Record<string, unknown>;
  rowFilter(doc: unknown, selector: Record<string, unknown>, fields: string[]): boolean;
  parseField(field: string): string[];
  getFieldFromDoc(doc: unknown, path: string[]): unknown;
  setFieldInDoc(doc: Record<string, unknown>, path: string[], value: unknown): void;
}

const core = createRequire(import.meta.url)('pouchdb-selector-core') as SelectorCore;

export const { massageSelector, parseField, getFieldFromDoc, setFieldInDoc } = core;

/** A matcher for one massaged selector: matchesSelector would clone and massage it per document. */
export function selectorMatcher(selector: unknown): (doc: unknown) => boolean {
  const massaged = core.massageSelector(selector);
  const fields = Object.keys(massaged);
  return (doc) => core.rowFilter(doc, massaged, fields);
}
