import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of the API server that a test can make fail: while `failing`,
 * new connections are reset, as during an API server restart or a network blip. Functions that
 * talk through it see genuine transport errors, classify them as transient and answer 503, so
 * the event path's retries can be observed end to end. TLS passes through untouched (the API
 * server's certificate names 127.0.0.1, which is also the proxy's address).
 */
export class FaultProxy {
  failing = false;
  resets = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  private readonly target: { host: string; port: number };

  constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  async listen(): Promise<number> {
    this.server = createServer((client) => {
      if (this.failing) {
        this.resets++;
        client.resetAndDestroy();
        return;
      }
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('fault proxy has no address');
    return address.port;
  }

  /** Drops live connections too, so keep-alive sockets cannot dodge the fault. */
  fail(): void {
    this.failing = true;
    for (const s of this.sockets) s.resetAndDestroy();
  }

  recover(): void {
    this.failing = false;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
