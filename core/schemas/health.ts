import { Type } from '@sinclair/typebox';

export const SubsystemHealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('error')]),
  message: Type.Optional(Type.String()),
  latency_ms: Type.Optional(Type.Number()),
});

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('healthy'), Type.Literal('degraded'), Type.Literal('unhealthy')]),
  version: Type.String(),
  uptime_seconds: Type.Number(),
  subsystems: Type.Object({
    audit: SubsystemHealthSchema,
    digest: SubsystemHealthSchema,
    proxy: SubsystemHealthSchema,
    supervisor: SubsystemHealthSchema,
  }),
  instance_id: Type.String({ description: 'New at every daemon start' }),
  protocol_version: Type.Number(),
  audit_quarantined: Type.Optional(Type.Boolean({ description: 'Present only while the audit chain fails verification' })),
  audit_read_only: Type.Optional(Type.Boolean({ description: 'Present only after a durable write failed' })),
});
