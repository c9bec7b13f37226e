/**
 * Minimal typings for `autocannon` (v8 ships none), covering only what bench/ uses: the
 * programmatic call `autocannon(options)` returning a promise of the aggregated result, and
 * request sequences whose `setupRequest` / `onResponse` share a per-connection context.
 */
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /**
     * Called before the request with it and the connection's context; returns the request to
     * send, or a falsy value to restart the sequence from the first request (context reset).
     */
    setupRequest?: (req: any, context: any) => any;
    /** Called with the reply's status, body text, the connection's context and headers. */
    onResponse?: (status: number, body: string, context: any, headers: Record<string, string>) => void;
  }
  interface AutocannonOptions {
    /** Several URLs: connection i goes to url[i mod n]. */
    url: string | string[];
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests instead of a duration. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Cycled through by every connection. */
    requests?: AutocannonRequest[];
    /** A false return counts the reply as a mismatch. */
    verifyBody?: (body: string) => boolean;
    timeout?: number;
  }
  /** hdr-histogram-percentiles-obj figures (latency in ms, requests per second-long sample). */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface AutocannonResult {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }
  /** The run: a promise of the result that is also its tracker ('response': client, status, bytes, latency ms). */
  type AutocannonRun = Promise<AutocannonResult> & {
    on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): AutocannonRun;
  };
  function autocannon(opts: AutocannonOptions): AutocannonRun;
  export default autocannon;
  export type { AutocannonOptions, AutocannonResult, AutocannonRequest };
}
