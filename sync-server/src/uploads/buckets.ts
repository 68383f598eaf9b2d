// Who may upload into which bucket. Every upload lands in the uploader's own folder
// ({bucket}/{user id}/...), so nobody can overwrite another member's file; whether a
// document may then point at a file is the catalog's validate_doc_update's business.
import { UPLOAD_BUCKETS } from '../../../design-docs/src/constants.ts';
import type { UploadBucket } from '../../../design-docs/src/constants.ts';

export interface BucketPolicy {
  /** Only admins may upload here. */
  adminOnly: boolean;
}

export const BUCKET_POLICIES: Record<UploadBucket, BucketPolicy> = {
  // Any member: their profile picture.
  avatars: { adminOnly: false },
  // Any member: Create Event is open to members.
  'events-images': { adminOnly: false },
  // Any member: restaurant owners are members; the catalog validator decides who may reference it.
  'restaurant-images': { adminOnly: false },
  // Admins manage the market and the bands.
  'market-images': { adminOnly: true },
  'band-images': { adminOnly: true },
};

export function isUploadBucket(value: string): value is UploadBucket {
  return (UPLOAD_BUCKETS as readonly string[]).includes(value);
}

/** Null when the user may upload into the bucket, else the reason shown to them. */
export function uploadRefusal(bucket: UploadBucket, user: { isAdmin: boolean }): string | null {
  if (BUCKET_POLICIES[bucket].adminOnly && !user.isAdmin) return `Only admins can upload ${bucket.replace('-images', '')} images`;
  return null;
}
