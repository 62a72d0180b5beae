import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can pause: while paused nothing is delivered in either direction
 * (bytes wait in the proxy) and new connections are accepted but not forwarded — what a network partition looks
 * like to the API: no refusal, no reset, just silence. `resume()` delivers what waited and lets everything flow;
 * `close()` ends every connection.
 */
export interface TcpProxy {
  port: number;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  /** Runs now, or on resume while paused. */
  const deliver = (fn: () => void) => (paused ? held.push(fn) : fn());
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };

  const server = net.createServer((client) => {
    track(client);
    const pending: Buffer[] = [];
    let upstream: net.Socket | null = null;
    client.on('data', (chunk) => deliver(() => (upstream ? upstream.write(chunk) : pending.push(chunk))));
    client.on('close', () => upstream?.destroy());
    deliver(() => {
      if (client.destroyed) return;
      upstream = net.connect(target);
      track(upstream);
      upstream.on('connect', () => {
        for (const chunk of pending.splice(0)) upstream?.write(chunk);
      });
      upstream.on('data', (chunk) => deliver(() => client.write(chunk)));
      upstream.on('close', () => client.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const fn of held.splice(0)) fn();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
