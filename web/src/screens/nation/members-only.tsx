// A visitor on Fete Nation: members' names and faces are members' data (the `members` database,
// which a visitor does not have), so the page says so and offers the way in, like Packages.
import { Link, useLocation } from 'react-router-dom';
import { MEMBERS_ONLY_TITLE, NATION_SIGN_IN_TEXT } from './nation-logic.ts';

export function MembersOnly({ titleId }: { titleId: string }) {
  const location = useLocation();
  return (
    <div className="members-only" data-testid="members-only">
      <h2 id={`${titleId}-members-only`}>{MEMBERS_ONLY_TITLE}</h2>
      <p>{NATION_SIGN_IN_TEXT}</p>
      <div className="members-only__actions">
        <Link to="/signin" state={{ from: location }} className="btn btn--primary">
          Sign In
        </Link>
        <Link to="/signup" className="btn btn--secondary">
          Sign Up
        </Link>
      </div>
    </div>
  );
}
