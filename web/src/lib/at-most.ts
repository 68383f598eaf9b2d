// Waiting for something with a cap: sign-out's step home, the first screen's code, the service
// worker's registration, a push before sign-out. One race and one timer, cleared either way.

/** `work`'s answer, or `late` once `ms` have passed first. */
export async function atMost<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work, new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
