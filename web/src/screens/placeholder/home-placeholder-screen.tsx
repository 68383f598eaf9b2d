// Home until its issue lands: a welcome, and the sections as cards.
import { Link } from 'react-router-dom';

const SECTIONS = [
  { to: '/fete-guide', title: 'Fete Guide', text: 'Parties, concerts and beach parties.' },
  { to: '/fete-destinations', title: 'Fete Band', text: 'Carnival bands and how to play mas with them.' },
  { to: '/fete-travel', title: 'Fete Destinations', text: 'Festivals, carnivals and cruises.' },
  { to: '/fete-eats', title: 'Fete Eats', text: 'Restaurants and street food worth the trip.' },
  { to: '/fete-faces', title: 'Fete Faces', text: 'Makeup artists and beauty providers.' },
  { to: '/fete-marqet', title: 'Fete Marqet', text: 'Costumes, swimwear and carnival essentials.' },
  { to: '/fete-packages', title: 'Fete Packages', text: 'Carnival packages for members.' },
  { to: '/fete-rides', title: 'Fete Rides', text: 'Rides to the fete, for members.' },
  { to: '/fete-nation', title: 'Fete Nation', text: 'Meet the members travelling with you.' },
  { to: '/fete-chat', title: 'Fete Chat', text: 'Public and private chat.' },
] as const;

export function HomePlaceholderScreen() {
  return (
    <div className="page home-placeholder">
      <section className="home-placeholder__hero" aria-labelledby="home-title">
        <h1 id="home-title">Fete</h1>
        <p className="home-placeholder__lead">Fetes, carnival bands, festivals, food and faces across the Caribbean, even offline.</p>
        <p className="placeholder__soon">Coming soon: the full home page with top bands, event picks and destinations.</p>
      </section>
      <section aria-labelledby="home-sections">
        <h2 id="home-sections">Explore</h2>
        <ul className="section-cards">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="section-card">
                <span className="section-card__title">{s.title}</span>
                <span className="section-card__text">{s.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
