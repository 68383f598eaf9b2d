// The Fete ID membership card: who the member is, their number as text and as a QR code, and
// when the membership ends. Made for showing at a door in sunlight: large type, near-black on
// white for the number and the code, and nothing that needs the network.
import { memberNumber } from '../../../../design-docs/src/member-number.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { formatLongDate } from '../../lib/dates.ts';
import { MemberQr } from './member-qr.tsx';
import { PRODUCT_NAME, expiryView, initialsOf, membershipBadge, orNotSet } from './dashboard-logic.ts';

export interface CardMember {
  user_id: string;
  first_name: string;
  last_name: string;
  avatar_url?: string | null;
  territory?: string | null;
  locality?: string | null;
  membership_type?: string | null;
  membership_expires_at?: string | null;
  role?: string | null;
  created_at?: string | null;
}

export function FeteIdCard({ member, now }: { member: CardMember; now: Date }) {
  const number = memberNumber(member.user_id);
  const expiry = expiryView(member, now);
  const name = [member.first_name, member.last_name].filter(Boolean).join(' ') || 'Fete Member';
  return (
    <section className={`fete-id fete-id--${expiry.kind}`} aria-labelledby="fete-id-name" data-testid="fete-id-card">
      <div className="fete-id__top">
        <p className="fete-id__product">{PRODUCT_NAME}</p>
        <p className="fete-id__badge" data-testid="membership-badge">
          {membershipBadge(member.membership_type)}
        </p>
      </div>

      <div className="fete-id__body">
        <div className="fete-id__who">
          {member.avatar_url?.trim() ? (
            <FeteImage value={member.avatar_url} bucket="avatars" size="small" alt="" width={88} height={88} className="fete-id__avatar" />
          ) : (
            <span className="fete-id__avatar fete-id__initials" aria-hidden="true" data-testid="card-initials">
              {initialsOf(member)}
            </span>
          )}
          <div>
            <h2 id="fete-id-name" className="fete-id__name">
              {name}
            </h2>
            <dl className="fete-id__facts">
              <div>
                <dt>Territory</dt>
                <dd data-testid="card-territory">{orNotSet(member.territory)}</dd>
              </div>
              <div>
                <dt>Locality</dt>
                <dd data-testid="card-locality">{orNotSet(member.locality)}</dd>
              </div>
              {member.created_at && (
                <div>
                  <dt>Joined</dt>
                  <dd>{formatLongDate(member.created_at)}</dd>
                </div>
              )}
            </dl>
          </div>
        </div>

        <div className="fete-id__pass">
          <MemberQr value={number} />
          <p className="fete-id__number-label">Member No.</p>
          <p className="fete-id__number" data-testid="member-number">
            {number}
          </p>
        </div>
      </div>

      <div className="fete-id__expiry" data-testid="card-expiry">
        <p className="fete-id__expiry-date">{expiry.text}</p>
        {(expiry.kind === 'expiring' || expiry.kind === 'expired') && (
          <p className="fete-id__warning" role="note" data-testid="expiry-warning">
            {expiry.warning}
          </p>
        )}
      </div>
    </section>
  );
}
