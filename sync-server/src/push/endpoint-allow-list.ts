// Which push service URLs the server will POST to (ADR 048). A subscription's endpoint comes from
// the member, so an open list would let anyone make the server call any address (SSRF): only
// https on the browsers' own push services, plus origins the operator names (tests).

/** Chrome/Edge on Android (FCM), Firefox (autopush), Safari (APNs web push), Windows (WNS). */
const PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];
const PUSH_HOST_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

export type EndpointVerdict = { ok: true; url: URL } | { ok: false; reason: string };

export function checkEndpoint(endpoint: string, allowedOrigins: readonly string[]): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'The endpoint is not a web address' };
  }
  if (url.username || url.password) return { ok: false, reason: 'The endpoint may not carry a user name or password' };
  if (allowedOrigins.some((o) => new URL(o).origin === url.origin)) return { ok: true, url };
  if (url.protocol !== 'https:' || url.port !== '') return { ok: false, reason: 'The endpoint must be https on a browser push service' };
  const host = url.hostname.toLowerCase();
  if (PUSH_HOSTS.includes(host) || PUSH_HOST_SUFFIXES.some((s) => host.endsWith(s))) return { ok: true, url };
  return { ok: false, reason: 'The endpoint is not on a known push service' };
}
