/**
 * A TCP port the OS says is free right now (listen on 0 at 127.0.0.1, read it, close): for the
 * binary smoke test and the HTTP bench, which start servers of their own.
 */
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
