// A member's page (/fete-nation/:id): avatar, name, where they live, membership and since when,
// the spec's profile fields and no others, with 'Start Chat'. Read from the device, so it opens
// offline too; a visitor is invited to sign in.
import { Link, useParams } from 'react-router-dom';
import { DetailLoading, ItemNotFound, PinIcon, useDocumentTitle, useViewer } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { useMember } from '../../data/hooks/use-profile.ts';
import { fullName } from '../../data/repos/profiles.ts';
import type { DirectoryEntry } from '../../data/repos/profiles.ts';
import { useSessionReady } from '../../data/session-ready.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { MembersOnly } from './members-only.tsx';
import { NATION_TITLE, NOT_SET, START_CHAT_LABEL, USER_NOT_FOUND_TEXT, membershipLabel, startChatTarget } from './nation-logic.ts';
import './nation.css';

export function MemberDetailScreen() {
  const { id = '' } = useParams();
  const { user } = useViewer();
  const ready = useSessionReady();
  if (user) return <MemberDetailLoader id={id} myId={user.id} />;
  if (!ready) return <DetailLoading text="Loading..." />;
  return (
    <section className="page catalog-page nation-page" aria-labelledby="nation-title">
      <h1 id="nation-title">{NATION_TITLE}</h1>
      <MembersOnly titleId="nation-title" />
    </section>
  );
}

function MemberDetailLoader({ id, myId }: { id: string; myId: string }) {
  const { phase, item: member, offline } = useMember(id, myId);
  useDocumentTitle(member ? fullName(member) : null);

  if (phase === 'loading') return <DetailLoading text="Loading..." />;
  if (!member) return <ItemNotFound text={USER_NOT_FOUND_TEXT} backTo="/fete-nation" backLabel="Back to Fete Nation" offline={offline} />;
  return <MemberDetail member={member} isMe={member.id === myId} />;
}

function MemberDetail({ member: m, isMe }: { member: DirectoryEntry; isMe: boolean }) {
  const name = fullName(m);
  const chat = startChatTarget(m.id);
  return (
    <article className="page detail member-detail" aria-labelledby="member-name">
      <Link to="/fete-nation" className="btn btn--ghost detail__back">
        <span aria-hidden="true">←</span> Back to Fete Nation
      </Link>
      <header className="member-detail__header">
        <FeteImage className="member-detail__avatar" value={m.avatar_url} bucket="avatars" alt={`Photo of ${name}`} width={160} height={160} priority />
        <div className="member-detail__intro">
          <h1 id="member-name">{name}</h1>
          {m.membership_type && <p className="chip member-detail__badge">{membershipLabel(m.membership_type)} member</p>}
          <div className="detail__actions">
            {isMe ? (
              <Link className="btn btn--secondary" to="/settings/profile">
                Edit Profile
              </Link>
            ) : (
              <Link className="btn btn--primary" to={{ pathname: chat.pathname, search: chat.search }} state={chat.state} data-testid="start-chat">
                {START_CHAT_LABEL}
              </Link>
            )}
          </div>
        </div>
      </header>
      <dl className="detail__facts member-detail__facts">
        <div>
          <dt>Territory</dt>
          <dd>
            <PinIcon size={16} />
            <span>{m.territory || NOT_SET}</span>
          </dd>
        </div>
        <div>
          <dt>Locality</dt>
          <dd>{m.locality || NOT_SET}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{formatLongDate(m.created_at)}</dd>
        </div>
      </dl>
    </article>
  );
}
