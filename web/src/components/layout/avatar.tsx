// A member's round picture (the avatars bucket: the 128 px thumbnail up to 64 px, else the small
// variant), or a placeholder icon when there is none. A picture that fails to load falls back to the local default avatar.
import { FeteImage } from '../image/fete-image.tsx';
import { UserIcon } from './icons.tsx';

/** The thumbnail is 128 px: sharp up to 64 CSS px on a 2x screen. */
const THUMB_SHOWN_MAX_PX = 64;

export function Avatar({ url, size = 36, className }: { url?: string | null; size?: number; className?: string }) {
  const classes = ['avatar', className ?? ''].filter(Boolean).join(' ');
  if (!url?.trim()) {
    return (
      <span className={`${classes} avatar--placeholder`} style={{ width: size, height: size }} data-testid="avatar-placeholder">
        <UserIcon size={Math.round(size * 0.6)} />
      </span>
    );
  }
  return <FeteImage value={url} bucket="avatars" size={size <= THUMB_SHOWN_MAX_PX ? 'thumb' : 'small'} alt="" width={size} height={size} className={classes} />;
}
