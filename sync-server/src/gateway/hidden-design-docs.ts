// Design documents are the server's (the validator and the Mango indexes): a client may not read
// them (gateway.ts refuses `/{db}/_design/...`). A CouchDB-protocol server must not then list
// them either, or a stock replicator sees `_design/fete` in `_changes`, cannot fetch it, and
// fails the whole replication (Apache CouchDB's answered `open_doc_revs_failed`). So for clients
// the gateway drops design-document rows from `_changes`, `_all_docs` and `_bulk_get` answers,
// on both backends, as they stream: the answer is never held whole. The embedded engine's
// `_changes` is the exception: the gateway asks the engine to leave the rows out as it writes
// them, so a crowd of parked feeds woken by one write shares one answer (ADR 041).
//
// The rows are the elements of the arrays directly under the answer's top-level object
// (`results`, `rows`). A byte scanner follows JSON strings and nesting (no UTF-8 byte of a
// multi-byte character is an ASCII one, so bytes are enough), collects each element, and writes
// it back unless it names a design document. A continuous feed is one JSON object per line.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const DESIGN = new TextEncoder().encode('"_design/');
const COMMA_BYTES = new TextEncoder().encode(',');
const decoder = new TextDecoder();

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function mentionsDesign(bytes: Uint8Array): boolean {
  const first = DESIGN[0] as number;
  outer: for (let i = bytes.indexOf(first); i >= 0 && i <= bytes.length - DESIGN.length; i = bytes.indexOf(first, i + 1)) {
    for (let k = 1; k < DESIGN.length; k++) if (bytes[i + k] !== DESIGN[k]) continue outer;
    return true;
  }
  return false;
}

/** Whether a row (its JSON text) is a design document's: by its `id`, or `key` for an `_all_docs` error row. */
export function isDesignRow(bytes: Uint8Array): boolean {
  if (!mentionsDesign(bytes)) return false; // the common case, without parsing
  try {
    const row = JSON.parse(decoder.decode(bytes)) as unknown;
    if (typeof row !== 'object' || row === null) return false;
    const { id, key } = row as { id?: unknown; key?: unknown };
    const named = typeof id === 'string' ? id : typeof key === 'string' ? key : '';
    return named.startsWith('_design/');
  } catch {
    return false;
  }
}

type Mode = 'pass' | 'gap' | 'element';

/** Drops design-document rows from one JSON answer, chunk by chunk. */
export class DesignRowFilter {
  private readonly stack: number[] = [];
  private inString = false;
  private escaped = false;
  private mode: Mode = 'pass';
  private element: Uint8Array[] = [];
  private kept = 0;
  private readonly emit: (bytes: Uint8Array) => void;

  constructor(emit: (bytes: Uint8Array) => void) {
    this.emit = emit;
  }

  push(chunk: Uint8Array): void {
    let from = 0;
    const flush = (to: number) => {
      if (to > from) {
        const run = chunk.subarray(from, to);
        if (this.mode === 'pass') this.emit(run);
        else if (this.mode === 'element') this.element.push(run.slice());
      }
      from = to;
    };
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.inString = false;
        continue;
      }
      if (this.mode === 'gap') {
        if (b === RBRACKET) {
          this.stack.pop();
          flush(i);
          this.mode = 'pass';
          continue;
        }
        if (b === COMMA || b <= 0x20) continue;
        flush(i);
        this.mode = 'element';
        // and the byte is the element's first: fall through
      } else if (this.mode === 'element' && this.stack.length === 2 && (b === COMMA || b === RBRACKET)) {
        flush(i);
        this.endElement();
        if (b === COMMA) {
          this.mode = 'gap';
        } else {
          this.stack.pop();
          this.mode = 'pass';
        }
        continue;
      }
      if (b === QUOTE) this.inString = true;
      else if (b === LBRACE || b === LBRACKET) {
        this.stack.push(b);
        if (this.mode === 'pass' && b === LBRACKET && this.stack.length === 2 && this.stack[0] === LBRACE) {
          flush(i + 1);
          this.mode = 'gap';
          this.kept = 0;
        }
      } else if (b === RBRACE || b === RBRACKET) this.stack.pop();
    }
    flush(chunk.length);
  }

  end(): void {
    if (this.mode === 'element') this.endElement();
  }

  private endElement(): void {
    const bytes = concat(this.element);
    this.element = [];
    if (isDesignRow(bytes)) return;
    if (this.kept > 0) this.emit(COMMA_BYTES);
    this.emit(bytes);
    this.kept++;
  }
}

/** Drops design-document lines from a continuous feed (one JSON object per line). */
export class DesignLineFilter {
  private partial: Uint8Array[] = [];
  private readonly emit: (bytes: Uint8Array) => void;

  constructor(emit: (bytes: Uint8Array) => void) {
    this.emit = emit;
  }

  push(chunk: Uint8Array): void {
    let from = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl >= 0; nl = chunk.indexOf(NEWLINE, from)) {
      const line = concat([...this.partial, chunk.subarray(from, nl + 1)]);
      this.partial = [];
      if (!isDesignRow(line)) this.emit(line);
      from = nl + 1;
    }
    if (from < chunk.length) this.partial.push(chunk.slice(from));
  }

  end(): void {
    const rest = concat(this.partial);
    if (rest.length > 0 && !isDesignRow(rest)) this.emit(rest);
  }
}

/** Answers that list documents: the client's view leaves out design documents. */
export function listsDocuments(second: string | undefined): boolean {
  return second === '_changes' || second === '_all_docs' || second === '_bulk_get';
}

/** The answer with design-document rows left out, streamed. */
export function withoutDesignRows(res: Response, continuous: boolean): Response {
  if (!res.ok || res.body === null) return res;
  let filter: DesignRowFilter | DesignLineFilter;
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        const emit = (bytes: Uint8Array) => controller.enqueue(bytes);
        filter = continuous ? new DesignLineFilter(emit) : new DesignRowFilter(emit);
      },
      transform(chunk) {
        filter.push(chunk);
      },
      flush() {
        filter.end();
      },
    }),
  );
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}
