// Whether a string is a path of this app, safe to navigate to: one leading slash, no control
// character or whitespace anywhere (a URL parser drops TAB, LF and CR inside a URL, so
// "/\t/evil.example" becomes "//evil.example", another host), and, resolved against this origin,
// still this origin. The push service worker keeps the same rule in web/public/sw-push.js.

const ONE_LEADING_SLASH = /^\/(?![/\\])/;
// oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\s]/;
const BASE = 'https://app.invalid';

export function isAppPath(path: string): boolean {
  if (!ONE_LEADING_SLASH.test(path) || CONTROL_OR_SPACE.test(path)) return false;
  try {
    return new URL(path, BASE).origin === BASE;
  } catch {
    return false;
  }
}
