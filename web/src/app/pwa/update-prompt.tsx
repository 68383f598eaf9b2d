// STUB: replaced by the PWA work (service worker registration and the update toast).
export function UpdatePrompt() {
  return null;
}
