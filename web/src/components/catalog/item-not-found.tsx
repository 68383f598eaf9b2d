// A detail page whose item is not on the device (or not active): the spec's text and a way back.
import { Link } from 'react-router-dom';

export function ItemNotFound({ text, backTo, backLabel, offline = false }: { text: string; backTo: string; backLabel: string; offline?: boolean }) {
  return (
    <section className="page page--centered item-not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{text}</h1>
      {offline && <p className="item-not-found__offline">You're offline: it may not be saved on this device yet.</p>}
      <Link to={backTo} className="btn btn--secondary">
        {backLabel}
      </Link>
    </section>
  );
}

export function DetailLoading({ text }: { text: string }) {
  return (
    <div className="list-status" role="status">
      <p>{text}</p>
    </div>
  );
}
