/**
 * After close, requests still in flight may fail (the app is going away, or a test server
 * stops). PouchDB calls some of them without a catch (the replicator's info()), which would
 * surface as unhandled rejections; once closed, nobody waits for the answer, so it is dropped.
 */
export function quietAfterClose(send: typeof fetch, closed: () => boolean): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      if (closed()) return;
      send(input, init).then(resolve, (err: unknown) => {
        if (!closed()) reject(err);
      });
    });
}
