/**
 * Where the local auth service of the running auth-js test file listens: set by the setup
 * (servers.ts) before the test file is imported, read by the replacement client modules.
 */

export interface UpstreamServers {
  /** `<origin>/auth/v1` of the service with autoconfirm on (upstream's main test server). */
  autoconfirm: string;
  /** The same service with confirmation emails (autoconfirm off). */
  confirmationsOn: string;
}

const KEY = Symbol.for('critical-hit.upstream-auth-js.servers');
type Holder = Record<symbol, UpstreamServers | undefined>;

export function setUpstreamServers(servers: UpstreamServers): void {
  (globalThis as Holder)[KEY] = servers;
}

export function upstreamServers(): UpstreamServers {
  const servers = (globalThis as Holder)[KEY];
  if (!servers) throw new Error('the auth-js upstream setup (tests/upstream/harness/servers.ts) has not run');
  return servers;
}
