import net from 'node:net';

/**
 * A TCP hop between the app and PostgreSQL that a test can cut and restore: to the app this is
 * PostgreSQL stopping (every connection dropped, new ones refused) and starting again on the same
 * address, while the test itself keeps its own direct connection to look at the database.
 */
export class TcpHop {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  /** A hop in front of the PostgreSQL of `url`, already open. */
  static async infront(url: string): Promise<TcpHop> {
    const real = new URL(url);
    const hop = new TcpHop({ host: real.hostname, port: Number(real.port) });
    await hop.open();
    return hop;
  }

  /** `url` (a postgres:// URL of the hop's target) rewritten to go through the hop. */
  through(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  /** Refuses new connections and drops the open ones (PostgreSQL stopped). */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
