// Prometheus metrics: requests by route pattern and status with their latency, the process (event-
// loop lag, memory, CPU: prom-client's default metrics), the database pool and the job queue.
// Served by a separate listener on METRICS_PORT (startMetricsServer), never on the public port.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolStats, type Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics in Prometheus' text format, for the metrics listener. */
    metrics: { contentType: string; text(): Promise<string> };
  }
}

export interface MetricsOptions {
  db: Database;
  /** Jobs waiting or running, by kind, read on each scrape (the job queue's `depth`). */
  queueDepth?: (() => Promise<Record<string, number>>) | undefined;
}

// The process's figures are the same for every app built in it (tests build many): one registry.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Requests not matched by any route (404s, pages rendered by the not-found handler) share one label. */
const UNMATCHED = '(unmatched)';

export function installMetrics(app: FastifyInstance, { db, queueDepth }: MetricsOptions) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'flagship_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'flagship_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'flagship_db_pool_max',
    help: 'Connections the database pool may open (PGlite: one)',
    labelNames: ['driver'],
    registers: [registry],
    collect() {
      const stats = poolStats(db);
      if (stats) this.set({ driver: stats.kind }, stats.max);
    },
  });
  new Gauge({
    name: 'flagship_db_in_flight',
    help: 'Queries and transactions sent to PostgreSQL and not yet answered, waiting for a connection or running',
    labelNames: ['driver'],
    registers: [registry],
    collect() {
      const stats = poolStats(db);
      if (stats?.inFlight !== undefined) this.set({ driver: stats.kind }, stats.inFlight);
    },
  });
  new Gauge({
    name: 'flagship_jobs_queued',
    help: 'Background jobs waiting or running, by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      if (!queueDepth) return;
      this.reset();
      for (const [kind, count] of Object.entries(await queueDepth())) this.set({ kind }, count);
    },
  });

  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.decorate('metrics', {
    contentType: registry.contentType,
    text: () => Registry.merge([processMetrics(), registry]).metrics(),
  });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** A bare HTTP listener answering GET /metrics, apart from the public port (so no proxy exposes it). */
export async function startMetricsServer(app: FastifyInstance, { port, host }: { port: number; host: string }): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
      return;
    }
    app.metrics.text().then(
      (body) => res.writeHead(200, { 'content-type': app.metrics.contentType, 'cache-control': 'no-store' }).end(body),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  };
}
