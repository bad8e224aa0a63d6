declare module 'autocannon' {
  interface Result {
    requests: { average: number };
    errors: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
  }
  export default function autocannon(opts: Options): Promise<Result>;
}
