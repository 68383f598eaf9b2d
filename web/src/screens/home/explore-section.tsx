// A short way into every section, after the rows: useful on a first visit, when the rows are
// still empty, and for anyone who prefers a plain list of the sections.
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

export function ExploreSection() {
  return (
    <section className="home-explore" aria-labelledby="home-explore-title">
      <h2 id="home-explore-title" className="home-row__title">
        Explore
      </h2>
      <ul className="home-explore__list">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="home-explore__card">
              <span className="home-explore__name">{s.title}</span>
              <span className="home-explore__text">{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
