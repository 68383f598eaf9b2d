// A form field that starts from a stored record and keeps following it until the person edits
// it. The record on the device can change after the form opened (a sync brings the newer copy,
// another tab saves); a form that kept its first value would show, and save back, the old one.
import { useEffect, useRef, useState } from 'react';

export function useStoredField(stored: string): [string, (value: string) => void] {
  const [value, setValue] = useState(stored);
  const last = useRef(stored);
  useEffect(() => {
    if (stored === last.current) return;
    const previous = last.current;
    last.current = stored;
    // Untouched (still showing the old stored value): show the new one. Edited: keep the edit.
    setValue((current) => (current === previous ? stored : current));
  }, [stored]);
  return [value, setValue];
}
