// Signed out: Sign In and Sign Up, hidden on scroll down and back on scroll up or near the top.
import { Link } from 'react-router-dom';
import { useScrollReveal } from './use-scroll-reveal.ts';

export function AuthLinks() {
  const visible = useScrollReveal();
  return (
    <div className={`auth-links${visible ? '' : ' auth-links--hidden'}`} data-testid="auth-links">
      <Link to="/signin" className="btn btn--ghost auth-links__signin">
        Sign In
      </Link>
      <Link to="/signup" className="btn btn--primary">
        Sign Up
      </Link>
    </div>
  );
}
