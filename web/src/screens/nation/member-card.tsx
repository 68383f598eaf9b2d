// One member in the directory: avatar, name (the card's link) and where they live. The signed-in
// member's own card is marked "You": it opens their own page, with Edit Profile.
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { PinIcon } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { fullName } from '../../data/repos/profiles.ts';
import type { DirectoryEntry } from '../../data/repos/profiles.ts';
import { memberPlace } from './nation-logic.ts';

export const YOU_TEXT = 'You';

// memo keeps the cards a keystroke does not change out of its re-render.
export const MemberCard = memo(function MemberCard({ member, self = false }: { member: DirectoryEntry; self?: boolean }) {
  const place = memberPlace(member);
  return (
    <article className="card member-card" data-testid="member-card">
      <FeteImage className="member-card__avatar" value={member.avatar_url} bucket="avatars" alt="" width={64} height={64} size="thumb" nearViewportOnly />
      <div className="member-card__body">
        <h2 className="card__title member-card__name">
          <Link className="card__link" to={`/fete-nation/${encodeURIComponent(member.id)}`}>
            {fullName(member)}
          </Link>
        </h2>
        {self && (
          <p className="member-card__you" data-testid="member-card-you">
            {YOU_TEXT}
          </p>
        )}
        {place && (
          <p className="card__meta member-card__place">
            <PinIcon size={16} />
            <span>{place}</span>
          </p>
        )}
      </div>
    </article>
  );
});
