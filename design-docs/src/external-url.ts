// Which links may leave the app: only http(s). A stored `javascript:` or `data:` value is not a link.

/** The normalised http(s) URL, or null for blank, relative or any other scheme. */
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
