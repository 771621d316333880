/**
 * How the browser's supabase-js talks to Realtime: timeout 10000 ms, a heartbeat every
 * 30 s, reconnect after 1, 2, 5 then 10 s. The same in every mode: hosted Supabase
 * Realtime, or the node server's own service at /realtime/v1/websocket.
 */
export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 30_000;
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** When the socket cannot connect, the badge asks the API this often instead. */
export const NOTIFICATION_POLL_MS = 60_000;

export function reconnectAfterMs(tries: number): number {
  return REALTIME_RECONNECT_DELAYS_MS[Math.min(Math.max(tries, 1), REALTIME_RECONNECT_DELAYS_MS.length) - 1]!;
}

export const REALTIME_CLIENT_OPTIONS = {
  timeout: REALTIME_TIMEOUT_MS,
  heartbeatIntervalMs: REALTIME_HEARTBEAT_MS,
  reconnectAfterMs,
};
