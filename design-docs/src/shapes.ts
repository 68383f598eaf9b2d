// The documents' shapes as validate_doc_update reads them, generated from the Zod schemas
// (ADR 036): the schemas are written once, and this compact description is injected into each
// database's validator beside FIELD_LIMITS. Plain data, so that ES5 (helpers.js `shaped`) can walk it.
//
// A node is one of:
//   {t:'s', n?, x?, p?: [pattern index], c?: [check name], tr?: 1, w?: words}  a string (tr: trimmed first)
//   {t:'n'|'i', ge?, gt?, le?, lt?}                                           a number, a whole number
//   {t:'b'} | {t:'z'} | {t:'*'}                                                true/false, null, anything
//   {t:'e', v: [values]}                                                       one of the values (enums, literals)
//   {t:'a', n?, x?, of: node}                                                  a list
//   {t:'o', p: {name: node}, r: [required names]}                              an object; no other field
//   {t:'r', k: node, of: node}                                                 an object of any keys (a record)
//   {t:'u', of: [node]}                                                        any of the nodes
// Rules that read two fields at once (an `_id` made of others, a balance) are not shapes: they
// stay in the validators' hand-written rules, beside who may write what.
import type * as z from 'zod';
import { FIELD_CHECKS, imageHosts } from './schemas/common.ts';

export type ShapeNode =
  | { t: 's'; n?: number; x?: number; p?: number[]; c?: string[]; tr?: 1; w?: string }
  | { t: 'n' | 'i'; ge?: number; gt?: number; le?: number; lt?: number }
  | { t: 'b' | 'z' | '*' }
  | { t: 'e'; v: Array<string | number | boolean | null> }
  | { t: 'a'; n?: number; x?: number; of: ShapeNode }
  | { t: 'o'; p: Record<string, ShapeNode>; r: string[] }
  | { t: 'r'; k: ShapeNode; of: ShapeNode }
  | { t: 'u'; of: ShapeNode[] };

export interface Shapes {
  /** Regular expression sources, shared by the nodes that test them. */
  patterns: string[];
  types: Record<string, ShapeNode>;
  /** Hosts an image field may point at besides this server (schemas/common.ts, IMAGE_HOSTS). */
  imageHosts: string[];
}

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  datetime: 'an ISO 8601 date-time',
  time: 'a time (HH:MM)',
  email: 'an e-mail address',
};

// Zod's definitions, as its "library authors" guide reads them (`schema._zod.def`).
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  fn?: unknown;
  tx?: (v: string) => string;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Trimming is the one rewrite a document schema may make; it is recognised by what it does. */
function isTrim(tx: ((v: string) => string) | undefined): boolean {
  return typeof tx === 'function' && tx('  a b ') === 'a b' && tx('Ab') === 'Ab';
}

class Builder {
  readonly patterns: string[] = [];

  pattern(re: RegExp): number {
    if (re.flags.replace('u', '') !== '') throw new Error(`shapes: pattern /${re.source}/${re.flags} has flags ES5 cannot keep`);
    const at = this.patterns.indexOf(re.source);
    if (at !== -1) return at;
    this.patterns.push(re.source);
    return this.patterns.length - 1;
  }

  /** The node of a schema, and whether a missing value is allowed. */
  node(schema: unknown, where: string): { node: ShapeNode; optional: boolean } {
    const def = defOf(schema);
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
        return { node: this.node(def.innerType, where).node, optional: true };
      case 'nullable': {
        const inner = this.node(def.innerType, where);
        return { node: { t: 'u', of: [inner.node, { t: 'z' }] }, optional: inner.optional };
      }
      case 'pipe': {
        // The input is what is stored; a transform after it only tidies what the app keeps.
        if (defOf(def.in).type === 'transform') throw new Error(`shapes: ${where} is preprocessed, which a validator cannot repeat`);
        return this.node(def.in, where);
      }
      case 'string':
        return { node: this.string(def, where), optional: false };
      case 'number':
        return { node: this.number(def, where), optional: false };
      case 'boolean':
        return { node: { t: 'b' }, optional: false };
      case 'null':
        return { node: { t: 'z' }, optional: false };
      case 'unknown':
      case 'any':
        return { node: { t: '*' }, optional: true };
      case 'enum':
        return { node: { t: 'e', v: Object.values(def.entries as Record<string, string | number>) }, optional: false };
      case 'literal':
        return { node: { t: 'e', v: [...(def.values as Array<string | number | boolean | null>)] }, optional: false };
      case 'array': {
        const node: ShapeNode = { t: 'a', of: this.node(def.element, `${where}[]`).node };
        for (const c of checksOf(def)) {
          if (c.check === 'min_length') node.n = c.minimum;
          else if (c.check === 'max_length') node.x = c.maximum;
          else if (c.check === 'length_equals') node.n = node.x = c.length;
          else throw new Error(`shapes: ${where} has a list check ${c.check} the validators do not know`);
        }
        return { node, optional: false };
      }
      case 'record':
        return { node: { t: 'r', k: this.node(def.keyType, `${where} key`).node, of: this.node(def.valueType, `${where}{}`).node }, optional: false };
      case 'union':
        return { node: { t: 'u', of: (def.options as unknown[]).map((o) => this.node(o, where).node) }, optional: false };
      case 'object':
        return { node: this.object(def, where), optional: false };
      default:
        throw new Error(`shapes: ${where} is a ${def.type}, which the validators cannot check`);
    }
  }

  object(def: Def, where: string): ShapeNode {
    // Unknown fields are refused (ADR 036), so every document object is a strict one.
    if (defOf(def.catchall ?? { _zod: { def: { type: 'none' } } }).type !== 'never') {
      throw new Error(`shapes: ${where || 'a document'} must be a z.strictObject`);
    }
    // Object-level checks compare fields with each other: they are the validators' own rules.
    const p: Record<string, ShapeNode> = {};
    const r: string[] = [];
    for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
      const { node, optional } = this.node(field, where ? `${where}.${name}` : name);
      p[name] = node;
      if (!optional) r.push(name);
    }
    return { t: 'o', p, r };
  }

  string(def: Def, where: string): ShapeNode {
    const node: Extract<ShapeNode, { t: 's' }> = { t: 's' };
    const formats: CheckDef[] = def.check === 'string_format' ? [def as unknown as CheckDef] : [];
    for (const c of [...formats, ...checksOf(def)]) {
      switch (c.check) {
        case 'min_length':
          node.n = Math.max(node.n ?? 0, c.minimum as number);
          break;
        case 'max_length':
          node.x = Math.min(node.x ?? Infinity, c.maximum as number);
          break;
        case 'string_format': {
          if (!(c.pattern instanceof RegExp)) throw new Error(`shapes: ${where} has a ${c.format} format without a pattern`);
          (node.p ??= []).push(this.pattern(c.pattern));
          const words = FORMAT_WORDS[c.format as string];
          if (words) node.w = words;
          break;
        }
        case 'overwrite':
          if (!isTrim(c.tx)) throw new Error(`shapes: ${where} rewrites its value in a way the validators cannot repeat`);
          if (node.n !== undefined || node.x !== undefined || node.p) throw new Error(`shapes: ${where} trims after checking`);
          node.tr = 1;
          break;
        case 'custom': {
          const name = FIELD_CHECKS.get(c.fn as (v: string) => boolean);
          if (!name) throw new Error(`shapes: ${where} has a refinement without an ES5 twin (register it in FIELD_CHECKS)`);
          (node.c ??= []).push(name);
          break;
        }
        default:
          throw new Error(`shapes: ${where} has a string check ${c.check} the validators do not know`);
      }
    }
    return node;
  }

  number(def: Def, where: string): ShapeNode {
    const node: Extract<ShapeNode, { t: 'n' | 'i' }> = { t: 'n' };
    const formats: CheckDef[] = def.check === 'number_format' ? [def as unknown as CheckDef] : [];
    for (const c of [...formats, ...checksOf(def)]) {
      if (c.check === 'number_format') {
        if (c.format !== 'safeint') throw new Error(`shapes: ${where} has a number format ${c.format} the validators do not know`);
        node.t = 'i';
      } else if (c.check === 'greater_than') {
        if (c.inclusive) node.ge = c.value;
        else node.gt = c.value;
      } else if (c.check === 'less_than') {
        if (c.inclusive) node.le = c.value;
        else node.lt = c.value;
      } else {
        throw new Error(`shapes: ${where} has a number check ${c.check} the validators do not know`);
      }
    }
    return node;
  }
}

function checksOf(def: Def): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

/** The shapes of the given document schemas, keyed by type. */
export function shapesOf(schemas: Record<string, z.ZodType>): Shapes {
  const b = new Builder();
  const types: Record<string, ShapeNode> = {};
  for (const [type, schema] of Object.entries(schemas)) {
    const { node } = b.node(schema, '');
    if (node.t !== 'o') throw new Error(`shapes: the ${type} schema is not an object`);
    types[type] = node;
  }
  return { patterns: b.patterns, types, imageHosts: [...imageHosts()] };
}
