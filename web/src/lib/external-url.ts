// Which links may leave the app: one rule for the app's links and the server's previews.
export { safeExternalUrl } from '../../../design-docs/src/external-url.ts';
