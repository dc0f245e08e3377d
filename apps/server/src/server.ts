import { buildApp } from './app';
import { loadConfigOrExit } from './platform/config/config';
import { createFilesPrivately, privateDir } from './platform/files/private-data';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process exits anyway. */
const DRAIN_MS = 10_000;

async function main(): Promise<void> {
  // Before anything is written: the database, the files and the backup token are the portal's alone.
  createFilesPrivately();
  const config = loadConfigOrExit(process.env);
  // A DATA_DIR an older portal or a restore left open is closed at once (its folder 0700); with
  // PostgreSQL and a bucket nothing is kept there.
  const usesDataDir = config.databaseUrl === undefined || config.storage.kind === 'local';
  const stillOpen = usesDataDir ? await privateDir(config.dataDir).then(() => undefined, (err: unknown) => err) : undefined;
  // Before the app: the tracing hooks must be in place when the database driver is imported.
  const tracing = config.otlpEndpoint ? await (await import('./platform/telemetry/tracing')).startTracing({ endpoint: config.otlpEndpoint, serviceName: config.otelServiceName }) : undefined;
  const app = await buildApp(config);
  if (stillOpen) app.log.warn({ err: stillOpen, dataDir: config.dataDir }, 'DATA_DIR could not be made private (mode 0700): other users of this machine may read it');

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
