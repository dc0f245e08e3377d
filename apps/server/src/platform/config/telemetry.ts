import { z } from 'zod';
import { concern } from './concern';
import { httpUrl } from './fields';

/** Traces sent to an OpenTelemetry collector (platform/telemetry/tracing.ts); unset, none are made. */
export const telemetry = concern({
  env: {
    OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl('http://127.0.0.1:4318'),
    OTEL_SERVICE_NAME: z
      .string()
      .optional()
      .transform((v) => v?.trim() || 'campus-portal'),
  },
  config: (e) => ({
    /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's OTLP/HTTP base address; traces go to its /v1/traces. */
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    /** OTEL_SERVICE_NAME: how the traces name this service. */
    otelServiceName: e.OTEL_SERVICE_NAME,
  }),
});
