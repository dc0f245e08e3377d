import { buildApp } from './app';
import { loadConfigOrExit } from './platform/config/config';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process exits anyway. */
const DRAIN_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  // Before the app: the tracing hooks must be in place when the database driver is imported.
  const tracing = config.otlpEndpoint ? await (await import('./platform/telemetry/tracing')).startTracing({ endpoint: config.otlpEndpoint, serviceName: config.otelServiceName }) : undefined;
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck connection (e.g. a long download) must not keep the process alive forever.
    setTimeout(() => {
      app.log.warn('drain timed out, exiting');
      process.exit(1);
    }, DRAIN_MS).unref();
    app.close().then(
      // The last requests' spans are sent before the process goes.
      () => (tracing ? tracing.shutdown().catch(() => undefined) : undefined),
    ).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
