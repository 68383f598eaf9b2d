// Saves text made on the device as a file: a Blob, an object URL and a clicked <a download>.
// No network, so "Add to Calendar" works offline.
const REVOKE_AFTER_MS = 30_000;

export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
