import { Type } from '@sinclair/typebox';

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

const StepSchema = Type.Object({
  id: Type.Union([Type.Literal('dashboard_paired'), Type.Literal('first_evaluation'), Type.Literal('config_customized')]),
  done: Type.Boolean(),
  required: Type.Boolean({ description: 'Whether `completed` waits for this step' }),
  at: Timestamp,
});

/** `GET /api/onboarding/status`: first-run progress, from persisted state and the config dir. */
export const OnboardingStatusSchema = Type.Object({
  completed: Type.Boolean({ description: 'Every required step is done' }),
  steps: Type.Array(StepSchema, {
    description:
      'In order: dashboard_paired (a pairing code was redeemed, or dashboard_auth is off), first_evaluation ' +
      '(the daemon scored its first real tool call through /api/proxy/evaluate), config_customized (config.toml or ' +
      'team-config.toml exists; optional)',
  }),
  config_dir_initialized: Type.Boolean({ description: 'The config dir holds this start\'s daemon.token' }),
  dashboard_auth: Type.Boolean({ description: 'Whether a dashboard token guards sensitive routes' }),
  dashboard_paired: Type.Boolean({ description: 'A pairing code has been redeemed (ever, on this config dir)' }),
  paired_at: Timestamp,
  first_evaluation_at: Timestamp,
  config_files: Type.Object({ local: Type.Boolean(), team: Type.Boolean() }, { description: 'Which scope files exist' }),
});
