// The latest render's value, for callbacks made once: memoised children get the same callback
// object on every render, and it still acts on what the screen shows now. The value is taken
// after the commit, so a render React throws away never reaches a callback.
import { useCallback, useLayoutEffect, useRef } from 'react';

/** A getter that stays the same function and answers the last committed `value`. */
export function useLatest<T>(value: T): () => T {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return useCallback(() => ref.current, []);
}
