import { LOCAL_CONFIG_FILE, TEAM_CONFIG_FILE } from '../config/config-types.ts';
import { json } from '../http/json.ts';
import type { OnboardingState } from '../onboarding/onboarding-state.ts';
import type { RouteSpec } from '../route-spec.ts';
import { DAEMON_TOKEN_FILE } from '../security/tokens.ts';
import { OnboardingStatusSchema } from '../schemas/onboarding.ts';
import type { FileStore } from '../deps.ts';
import type { Tokens } from '../security/tokens.ts';

const DESCRIPTION = [
  'First-run progress for the dashboard and the command-line tool. `completed` is true once the dashboard is paired',
  '(or dashboard_auth is off) and the daemon has scored its first real tool call; config_customized is informative',
  'only. Milestones are kept in the store and survive restarts. Carries no secrets (Open route).',
].join(' ');

/** `GET /api/onboarding/status` (the decision path records the first evaluation). */
export function onboardingRoutes({ files, tokens, onboarding: state }: { files: FileStore; tokens: Tokens; onboarding: OnboardingState }): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/onboarding/status',
      auth: 'open',
      bucket: 'general',
      summary: 'First-run progress',
      description: DESCRIPTION,
      tags: ['health'],
      responses: { 200: { description: 'Onboarding status', schema: OnboardingStatusSchema } },
      async handler() {
        const [local, team, daemonToken] = await Promise.all([
          files.stat(LOCAL_CONFIG_FILE),
          files.stat(TEAM_CONFIG_FILE),
          files.stat(DAEMON_TOKEN_FILE),
        ]);
        const dashboardAuth = tokens.dashboard !== null;
        const paired = state.pairedAt !== null || !dashboardAuth;
        const evaluated = state.firstEvaluationAt !== null;
        const configured = local !== null || team !== null;
        return json({
          completed: paired && evaluated,
          steps: [
            { id: 'dashboard_paired', done: paired, required: true, at: state.pairedAt },
            { id: 'first_evaluation', done: evaluated, required: true, at: state.firstEvaluationAt },
            { id: 'config_customized', done: configured, required: false, at: null },
          ],
          config_dir_initialized: daemonToken !== null,
          dashboard_auth: dashboardAuth,
          dashboard_paired: state.pairedAt !== null,
          paired_at: state.pairedAt,
          first_evaluation_at: state.firstEvaluationAt,
          config_files: { local: local !== null, team: team !== null },
        });
      },
    },
  ];
}
