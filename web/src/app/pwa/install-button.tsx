// STUB: replaced by the PWA work (install prompt and the iOS hint).
export function InstallButton() {
  return null;
}
