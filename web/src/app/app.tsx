// The app shell. Screens arrive with the layout issue; until then this proves the build and
// that the API answers.
import { useEffect, useState } from 'react';

export function App() {
  const [health, setHealth] = useState<'checking' | 'online' | 'offline'>('checking');
  useEffect(() => {
    fetch('/api/health')
      .then((r) => setHealth(r.ok ? 'online' : 'offline'))
      .catch(() => setHealth('offline'));
  }, []);
  return (
    <main>
      <h1>Fete</h1>
      <p>Fetes, carnival bands, festivals, food and faces across the Caribbean.</p>
      <p role="status">Server: {health}</p>
    </main>
  );
}
