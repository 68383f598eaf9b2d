// The member's profile picture: checked in the browser with the spec's messages, uploaded to
// the `avatars` bucket with progress, then saved on the profile (a local write that syncs).
import type { DataLayer } from '../../data/index.ts';
import { waitForOwnProfile } from '../../data/own-profile-arrival.ts';
import { AVATAR_BUCKET } from './avatar-checks.ts';

export { AVATAR_BUCKET, IMAGE_TOO_LARGE, NOT_AN_IMAGE, avatarErrorText, avatarFileProblem } from './avatar-checks.ts';

/** Uploads and points the profile at the new picture. `onProgress` gets 0…1. */
export async function saveAvatar(data: DataLayer, file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const { path } = await data.uploads.uploadImage(file, AVATAR_BUCKET, { onProgress });
  await data.profiles.updateMine({ avatar_url: path });
  return path;
}

/** Sign-up's picture, step one: uploaded as soon as the account exists (uploads need a session). */
export async function uploadSignupAvatar(data: DataLayer, file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const { path } = await data.uploads.uploadImage(file, AVATAR_BUCKET, { onProgress });
  return path;
}

/** Step two: saved on the profile once it has arrived on this device with the first pull. */
export async function attachSignupAvatar(data: DataLayer, path: string): Promise<void> {
  await waitForOwnProfile(data);
  await data.profiles.updateMine({ avatar_url: path });
}
