/** What the Varnish proxy tests share: the stack's typed surface (scripts/lib/varnish-stack.mjs is plain JS). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface VarnishStack {
  url: string;
  datasetFile: string;
  /** The stack's temporary folder (its dataset, the instances' DATA_DIRs). */
  dir: string;
  instances: Array<{
    name: string;
    url: string;
    /** The release folder it starts from (build/, public/): set another one, then restart, to deploy it. */
    release: string;
  }>;
  counters(): Record<string, number>;
  restart(instance: unknown): Promise<{ code: unknown; ms: number }>;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}
