// Writes demo documents as the server admin. Ids are deterministic, so on a re-run a document
// that is already there answers 409 and is left as it is; any other refusal is a real error.
import type { Backend } from '../backend/backend.ts';

const BATCH = 500;

export interface WriteResult {
  written: number;
  existing: number;
}

export async function writeDocs(backend: Backend, db: string, docs: readonly object[]): Promise<WriteResult> {
  const result: WriteResult = { written: 0, existing: 0 };
  for (let i = 0; i < docs.length; i += BATCH) {
    const answers = await backend.db(db).bulkDocs(docs.slice(i, i + BATCH) as PouchDB.Core.PutDocument<object>[]);
    for (const a of answers) {
      if ('ok' in a && a.ok) result.written++;
      else if ('status' in a && a.status === 409) result.existing++;
      else throw new Error(`demo write to ${db} refused: ${JSON.stringify(a)}`);
    }
  }
  return result;
}
