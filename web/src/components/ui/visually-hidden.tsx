// Text for assistive technology only: read by screen readers, not drawn.
import type { HTMLAttributes } from 'react';

export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span {...rest} className={className ? `visually-hidden ${className}` : 'visually-hidden'} />;
}
