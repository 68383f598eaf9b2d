// What a catalogue admin page gives the kit (admin-kit.tsx), and the shapes the kit's hook and
// views pass between them.
import type { ComponentType } from 'react';
import type { CheckResult, FormProblems } from '../../../components/form/form-validation.ts';
import type { KitTexts, SearchValue } from './kit-logic.ts';

export interface KitFieldsProps<D> {
  draft: D;
  onChange(next: D): void;
  problems: FormProblems | null;
  /** An image field tells while its upload runs: the form waits for it. */
  onUploading(busy: boolean): void;
}

export interface KitPage<T extends { id: string }, D, I> {
  texts: KitTexts;
  /** For test ids: `{testId}-row`. */
  testId: string;
  /** Where the page's drafts are kept on the device; `testId` unless one kit serves many parents. */
  draftsKey?: string;
  /** Every item, in the page's order. */
  load(): Promise<T[]>;
  add(input: I): Promise<T>;
  update(item: T, input: I): Promise<T>;
  remove(id: string): Promise<void>;
  newDraft(): D;
  draftOf(item: T): D;
  check(draft: D): CheckResult<I>;
  /** The fields searched for this item. */
  searchFields(item: T): readonly SearchValue[];
  /** The list's order, kept after a patch. */
  compare(a: T, b: T): number;
  titleOf(item: T): string;
  Fields: ComponentType<KitFieldsProps<D>>;
  /** A row's view, without its title or buttons. */
  View: ComponentType<{ item: T }>;
  /** Extra buttons of a row's view (the feature toggle). */
  Actions?: ComponentType<{ item: T }>;
  /** A quicker first look at the list (the device's copy), replaced by `load`'s answer. */
  loadFirst?(): Promise<T[]>;
  /** Long lists: the first page as last seen is kept on the device and drawn at once (kit-snapshot.ts). */
  snapshot?: boolean;
  /** The newest stored version (null when deleted), read after a conflict; else from `load`. */
  byId?(id: string): Promise<T | null>;
  /** Names of draft fields in the conflict panel; others are named from the field. */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * An add the server refused that the form itself explains (a receipt number already used):
   * the form's message and how the draft changes (a fresh number offered); null for the
   * usual failure alert.
   */
  addRefused?(err: unknown): Promise<{ message: string; change?(draft: D): D } | null>;
}

/** What a form's save answers: taken, failed (the alert said so), or a message for the form. */
export type SubmitOutcome = boolean | { message: string };

/** Another admin's version, met on save: `theirs` is null when they deleted it. */
export interface Conflict<T> {
  theirs: T | null;
}

/** A row's title level: one below the page's heading. */
export type SubHeading = 'h2' | 'h3';
