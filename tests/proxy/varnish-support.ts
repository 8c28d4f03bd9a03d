/** What the Varnish proxy tests share: the stack's typed surface (scripts/lib/varnish-stack.mjs is plain JS). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface VarnishStack {
  url: string;
  datasetFile: string;
  instances: Array<{ name: string; url: string }>;
  counters(): Record<string, number>;
  restart(instance: unknown): Promise<{ code: unknown; ms: number }>;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}
