// The fan-in worker checks each submission against its stored form and package or ride (ADR 035),
// so a test that sends a submission first puts those there, as an admin would have.
type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body?: unknown }>;

interface SubmissionLike {
  formid: string;
  form: { title: string; formtype: 'package' | 'ride' | string; targetid: string };
  data: Record<string, unknown>;
}

async function putIfMissing(call: Call, db: string, doc: { _id: string } & Record<string, unknown>): Promise<void> {
  const path = `/${db}/${encodeURIComponent(doc._id)}`;
  if ((await call('GET', path)).status === 200) return;
  const res = await call('PUT', path, doc);
  if (res.status !== 201 && res.status !== 202 && res.status !== 409) throw new Error(`seeding ${doc._id}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The package or ride a form belongs to, active. */
export async function seedFormTarget(call: Call, formtype: string, targetid: string): Promise<void> {
  const at = new Date().toISOString();
  await putIfMissing(call, 'members', {
    _id: `${formtype}:${targetid}`, type: formtype, title: `Test ${formtype} ${targetid}`, subtitle: 'For the tests', description: null,
    buttonlink: `/form/${formtype}/${targetid}`, bgcolor: '#7c3aed', textcolor: '#ffffff', order: 0, active: true, created_at: at, updated_at: at,
  });
}

/** A form that the submission's answers fit (a question per answer but Name), and its package or ride. */
export async function seedFormFor(call: Call, sub: SubmissionLike): Promise<void> {
  const { formtype, targetid, title } = sub.form;
  await seedFormTarget(call, formtype, targetid);
  const fields = Object.entries(sub.data)
    .filter(([label]) => label !== 'Name')
    .map(([label, v], i) => {
      const id = `f${i}`;
      if (typeof v === 'number') return { id, type: 'number', label, required: false };
      if (typeof v === 'boolean') return { id, type: 'checkbox', label, required: false };
      if (Array.isArray(v)) return { id, type: 'checkbox', label, required: false, options: v.length > 0 ? v : ['Yes'] };
      return { id, type: 'text', label, required: false };
    });
  const at = new Date().toISOString();
  await putIfMissing(call, 'members', {
    _id: `form:${formtype}:${targetid}`, type: 'form', id: sub.formid, title, description: null,
    fields: fields.length > 0 ? fields : [{ id: 'f0', type: 'text', label: 'Notes', required: false }],
    submitButtonText: 'Submit', active: true, formtype, targetid, updatedat: at, createdat: at,
  });
}
