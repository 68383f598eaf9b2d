// One package or ride: a gradient card whose button follows the spec's three-way link rule.
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { VisuallyHidden } from '../../components/ui/index.ts';
import { buttonTarget, cardColours } from '../../lib/package-card-logic.ts';
import type { CardType } from '../../lib/package-card-logic.ts';

export interface PackageCardItem {
  id: string;
  title: string;
  subtitle: string;
  description?: string | null;
  buttonlink?: string | null;
  bgcolor?: unknown;
  textcolor?: unknown;
}

export function PackageCard({ item, type, buttonLabel }: { item: PackageCardItem; type: CardType; buttonLabel: string }) {
  const colours = cardColours(item.bgcolor, item.textcolor, type);
  const target = buttonTarget(item, type);
  const titleId = `${type}-${item.id}-title`;
  // Only validated hex colours reach the style (see cardColours).
  const style = {
    '--pack-from': colours.from,
    '--pack-to': colours.to,
    '--pack-text': colours.text,
    '--pack-button-text': colours.buttonText,
  } as CSSProperties;

  return (
    <article className="pack-card" style={style} aria-labelledby={titleId} data-testid={`${type}-card`}>
      <h2 id={titleId} className="pack-card__title">
        {item.title}
      </h2>
      <p className="pack-card__subtitle">{item.subtitle}</p>
      {item.description?.trim() && <p className="pack-card__description">{item.description}</p>}
      {target.kind === 'app' ? (
        <Link className="pack-card__button" to={target.to} aria-describedby={titleId}>
          {buttonLabel}
        </Link>
      ) : (
        <a className="pack-card__button" href={target.href} target="_blank" rel="noopener noreferrer" aria-describedby={titleId}>
          {buttonLabel}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      )}
    </article>
  );
}
