import { createServer, type Socket } from 'node:net';

/**
 * Stand-ins for remote services in tests: a server that accepts connections and never says a
 * word (a remote service gone silent: no HTTP status, no SMTP greeting), and the Stripe
 * configuration the membership tests point at a local Stripe stand-in.
 */

export interface SilentServer {
  port: number;
  /** http://127.0.0.1:{port} */
  url: string;
  close(): Promise<void>;
}

export async function silentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Stripe keys and the four price ids; add STRIPE_API_URL for the stand-in. */
export const STRIPE_TEST_VARIABLES = {
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local',
  STRIPE_PRICE_AD_FREE_MONTH: 'price_adfree_m',
  STRIPE_PRICE_AD_FREE_YEAR: 'price_adfree_y',
  STRIPE_PRICE_PREMIUM_MONTH: 'price_premium_m',
  STRIPE_PRICE_PREMIUM_YEAR: 'price_premium_y',
} as const;
