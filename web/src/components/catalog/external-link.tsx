// A link out of the app (tickets, shops, Instagram): a new tab, no opener, and said so to screen
// readers. Nothing renders for a blank link.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import { safeExternalUrl } from '../../lib/external-url.ts';

export { safeExternalUrl };

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  href: string | null | undefined;
  children: ReactNode;
}

export function ExternalLink({ href, children, ...rest }: ExternalLinkProps) {
  const url = safeExternalUrl(href);
  if (!url) return null;
  return (
    <a {...rest} href={url} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </a>
  );
}
