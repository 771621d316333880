// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Options {
    url: string;
    connections?: number;
    /** Requests a second per connection (none: as fast as answers come). */
    connectionRate?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: (RequestData & { setupRequest?: (request: RequestData) => RequestData })[];
  }

  interface Result {
    requests: { average: number; total: number };
    throughput: { average: number; total: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
