// The home page footer: contact, social links, "Become a Fete Traveller", year 2025.
import { Link } from 'react-router-dom';

export const FOOTER_YEAR = 2025;
/** The server's default SUPPORT_EMAIL (sync-server/src/config.ts). */
export const CONTACT_EMAIL = 'support@fete.app';

const SOCIAL = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'TikTok', href: 'https://www.tiktok.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

export function HomeFooter() {
  return (
    <footer className="home-footer" data-testid="home-footer">
      <div className="home-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="home-footer__title">
            Fete
          </h2>
          <p>Fetes, carnival bands, festivals, food and faces across the Caribbean.</p>
          <Link to="/signup" className="btn btn--primary home-footer__cta">
            Become a Fete Traveller
          </Link>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="home-footer__title">
            Contact
          </h2>
          <address className="home-footer__address">
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            <br />
            Port of Spain, Trinidad and Tobago
          </address>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="home-footer__title">
            Follow us
          </h2>
          <ul className="home-footer__social">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="home-footer__copy">© {FOOTER_YEAR} Fete. All rights reserved.</p>
    </footer>
  );
}
