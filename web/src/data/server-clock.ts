// The server's clock as this device can tell it (ADR 054). Every stamp the device writes is judged
// against the server's clock and refused more than 10 minutes ahead; a phone set by hand to the
// wrong hour would have every write refused. The data layer stamps with this clock instead: the
// device's own, moved by the offset the server's answers show in their `Date` header.
//
// Only answers to writes (POST, PUT, DELETE) of this origin are read: they are never served from
// a cache, whose `Date` would be as old as the copy. The header counts whole seconds and the answer
// was made somewhere between sending and receiving, so an offset under SKEW_IGNORED_MS is noise:
// a clock that is right stays exactly as it is.

/** Offsets smaller than this are left alone. */
export const SKEW_IGNORED_MS = 60_000;

export interface ServerClock {
  /** The time to stamp a write with. */
  now(): Date;
  /** The last offset applied (server minus device), 0 when within SKEW_IGNORED_MS. */
  offsetMs(): number;
  /** A fetch that reads the offset from the server's answers to writes. */
  watch(send: typeof fetch): typeof fetch;
}

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

export function createServerClock(origin: string, deviceNow: () => number = Date.now): ServerClock {
  let offset = 0;
  const base = origin.replace(/\/+$/, '');
  const ours = (url: string) => url === base || url.startsWith(`${base}/`);

  function observe(res: Response, sentAt: number, receivedAt: number): void {
    const header = res.headers.get('date');
    const server = header === null ? NaN : Date.parse(header);
    if (!Number.isFinite(server)) return;
    // The middle of the second the header names, against the middle of the round trip.
    const measured = server + 500 - (sentAt + receivedAt) / 2;
    offset = Math.abs(measured) > SKEW_IGNORED_MS ? Math.round(measured) : 0;
  }

  return {
    now: () => new Date(deviceNow() + offset),
    offsetMs: () => offset,
    watch(send) {
      return async (input, init) => {
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        const url = input instanceof Request ? input.url : String(input);
        const sentAt = deviceNow();
        const res = await send(input, init);
        if (WRITES.has(method) && ours(url)) observe(res, sentAt, deviceNow());
        return res;
      };
    },
  };
}
