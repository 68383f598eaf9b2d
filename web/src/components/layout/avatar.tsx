// A member's round picture (the avatars bucket, small variant), or a placeholder icon when
// there is none. A picture that fails to load falls back to the local default avatar.
import { FeteImage } from '../image/fete-image.tsx';
import { UserIcon } from './icons.tsx';

export function Avatar({ url, size = 36, className }: { url?: string | null; size?: number; className?: string }) {
  const classes = ['avatar', className ?? ''].filter(Boolean).join(' ');
  if (!url?.trim()) {
    return (
      <span className={`${classes} avatar--placeholder`} style={{ width: size, height: size }} data-testid="avatar-placeholder">
        <UserIcon size={Math.round(size * 0.6)} />
      </span>
    );
  }
  return <FeteImage value={url} bucket="avatars" size="small" alt="" width={size} height={size} className={classes} />;
}
