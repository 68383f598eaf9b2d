// A Back button: back where the person came from inside the app, else to `fallback` (a link
// opened from outside, or a reload of the first page, has no in-app history to go back to).
import { useNavigate } from 'react-router-dom';

export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    // React Router numbers the entries of this app's history: 0 is the first one.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback);
  };
}
