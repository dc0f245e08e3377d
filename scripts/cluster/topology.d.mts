// Types of topology.mjs for its TypeScript users (the e2e journey through the cluster).

export interface LogLine {
  msg: string;
  instance: string;
  method?: string;
  url?: string;
  status?: number;
  [key: string]: unknown;
}

export interface ClusterInstance {
  name: string;
  port: number;
  url: string;
  logs: LogLine[];
  requests(): LogLine[];
  start(): Promise<void>;
  /** SIGTERM; resolves with the milliseconds it took to exit. */
  stop(): Promise<number>;
  restart(): Promise<void>;
}

export interface Cluster {
  /** https://localhost:<port>, through nginx. */
  url: string;
  instances: ClusterInstance[];
  databaseUrl: string;
  cert: string;
  storage: Record<string, string>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  adminDatabaseUrl?: string;
  redisUrl?: string;
  storage?: 's3' | 'local';
  httpsPort?: number;
  database?: string;
  keepDatabase?: boolean;
  env?: Record<string, string>;
  echo?: boolean;
}

export const serverEntry: string;
export const EXAM_OFFICE: { registrationId: number; password: string };
export function freePort(): Promise<number>;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
