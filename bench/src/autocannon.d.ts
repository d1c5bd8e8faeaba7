/** The part of autocannon 8's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
  }

  export interface AutocannonHistogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface AutocannonResult {
    latency: AutocannonHistogram;
    requests: AutocannonHistogram;
    throughput: AutocannonHistogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }

  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
