// /admin/forms/{type}/{id}/create and /edit: one screen. It loads the target and its form (if
// any) from the server, then hands them to the builder. Both routes open the existing form when
// there is one, and the title says what Save will do: Edit Form when a form exists, else Create.
import { Link, useParams } from 'react-router-dom';
import { Button, Spinner } from '../../../components/ui/index.ts';
import { useQuery } from '../../../data/hooks/use-query.ts';
import { useDataLayer } from '../../../data/react.ts';
import type { FormType } from '../../../../../design-docs/src/constants.ts';
import { AdminOnly } from '../admin-only.tsx';
import { FormBuilder } from './form-builder.tsx';
import { adminListPath, builderTarget } from './field-logic.ts';
import { INVALID_TARGET, LOAD_FAILED, TARGET_NOT_FOUND } from './builder-texts.ts';
import './form-builder.css';

export function FormBuilderScreen() {
  return (
    <AdminOnly>
      <FormBuilderRoute />
    </AdminOnly>
  );
}

function FormBuilderRoute() {
  const params = useParams<{ type: string; id: string }>();
  const target = builderTarget(params.type, params.id);
  if (!target) return <BuilderError text={INVALID_TARGET} backTo="/admin/forms" />;
  return <FormBuilderLoader key={`${target.type}:${target.id}`} type={target.type} id={target.id} />;
}

function FormBuilderLoader({ type, id }: { type: FormType; id: string }) {
  const data = useDataLayer();
  const load = useQuery(() => Promise.all([data.admin.forms.target(type, id), data.admin.forms.forTarget(type, id)]), [data, type, id]);

  if (load.loading) {
    return (
      <div className="page admin-page">
        <p className="fb-loading" role="status">
          <Spinner size="sm" /> Loading...
        </p>
      </div>
    );
  }
  if (load.error !== undefined || !load.data) return <BuilderError text={LOAD_FAILED} backTo={adminListPath(type)} onRetry={load.reload} />;
  const [target, form] = load.data;
  if (!target) return <BuilderError text={TARGET_NOT_FOUND[type]} backTo={adminListPath(type)} />;
  return <FormBuilder type={type} targetid={id} target={target} form={form} />;
}

/** The full-page error card: what went wrong, and a way back (and again, for a failed load). */
function BuilderError({ text, backTo, onRetry }: { text: string; backTo: string; onRetry?: () => void }) {
  return (
    <section className="page admin-page" aria-labelledby="builder-error-title">
      <div className="admin-panel fb-error">
        <h1 id="builder-error-title">Error</h1>
        <p className="admin-error" role="alert">
          {text}
        </p>
        <div className="admin-actions">
          {onRetry && <Button onClick={onRetry}>Try Again</Button>}
          <Link className="btn btn--secondary" to={backTo}>
            Go Back
          </Link>
        </div>
      </div>
    </section>
  );
}
