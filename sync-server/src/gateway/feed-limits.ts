// Open `_changes` feeds per client. Each waiting feed holds a socket, a timer and a waiter, so
// an unbounded number of them (3,000 anonymous feeds, say; ADR 012) takes the server's CPU. A feed
// counts from the moment the gateway forwards it until its answer has been sent or the client
// has gone, whichever comes first.
import type { UserCtx } from '../../../design-docs/src/databases.ts';

export interface FeedLimitOptions {
  /** Feeds one signed-in user may hold open at once. */
  perUser: number;
  /** Feeds visitors may hold open at once from one address. */
  perAnonymousIp: number;
  /** Feeds one address may hold open at once, whoever is signed in (a carrier NAT shares one). */
  perIp: number;
}

export type FeedTicket = { release(): void } | { refused: string };

export class FeedLimits {
  private readonly opts: FeedLimitOptions;
  private readonly byUser = new Map<string, number>();
  private readonly byAnonIp = new Map<string, number>();
  private readonly byIp = new Map<string, number>();

  constructor(opts: FeedLimitOptions) {
    this.opts = opts;
  }

  acquire(user: UserCtx, ip: string): FeedTicket {
    const anonymous = user.name === null;
    if ((this.byIp.get(ip) ?? 0) >= this.opts.perIp) return { refused: `At most ${this.opts.perIp} open feeds per address` };
    if (anonymous && (this.byAnonIp.get(ip) ?? 0) >= this.opts.perAnonymousIp) {
      return { refused: `At most ${this.opts.perAnonymousIp} open feeds per address without signing in` };
    }
    if (!anonymous && (this.byUser.get(user.name as string) ?? 0) >= this.opts.perUser) {
      return { refused: `At most ${this.opts.perUser} open feeds per account` };
    }
    bump(this.byIp, ip, 1);
    if (anonymous) bump(this.byAnonIp, ip, 1);
    else bump(this.byUser, user.name as string, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        bump(this.byIp, ip, -1);
        if (anonymous) bump(this.byAnonIp, ip, -1);
        else bump(this.byUser, user.name as string, -1);
      },
    };
  }

  /** Open feeds right now, for tests and health. */
  get open(): number {
    let n = 0;
    for (const v of this.byIp.values()) n += v;
    return n;
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}

/**
 * Hands the response on and calls `release` once its body has been sent, has failed, or the
 * client has gone away (the request's signal aborts).
 */
export function releaseWhenDone(res: Response, signal: AbortSignal, release: () => void): Response {
  if (signal.aborted) release();
  else signal.addEventListener('abort', release, { once: true });
  if (!res.body) {
    release();
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (err) {
        release();
        controller.error(err);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
