// Types of balancer.mjs for the TypeScript tests that drive it.
import type http from 'node:http';

export const UPSTREAM_HEADER: 'x-upstream';

export interface UpstreamAddress {
  name: string;
  host: string;
  port: number;
}

export interface Balancer {
  server: http.Server;
  upstreams: Array<UpstreamAddress & { down: boolean; gone: boolean }>;
  retire(name: string): void;
  close(): Promise<void>;
}

export function createBalancer(options: { upstreams: UpstreamAddress[]; log?: (line: string) => void }): Balancer;
