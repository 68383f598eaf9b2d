// A link out of the app (tickets, shops, Instagram): a new tab, no opener, and said so to screen
// readers. Nothing renders for a blank link.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  href: string | null | undefined;
  children: ReactNode;
}

/** Only http(s) links leave the app; anything else (javascript:, data:) is not a link. */
export function safeExternalUrl(href: string | null | undefined): string | null {
  const v = href?.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
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
