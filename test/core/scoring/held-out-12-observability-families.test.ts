import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * Observability (held-out set 12, family 06): alerting and on-call deleted
 * for good (PagerDuty escalation policies, Grafana alert rules, Sentry
 * projects, the production monitoring stack) is denied; alerting muted or
 * silenced wholesale, cloud security monitoring switched off, the error
 * reporter cut out, agents' keys and tokens read, card data searched for in
 * logs and data sources listed are held. Scoped silences, reads and upgrades
 * stay allowed.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);

describe('alerting removed or muted', () => {
  it('is denied when it is deleted for good, held when muted wholesale', () => {
    each('alerting-destroyed', 'deny', [
      'curl -X DELETE https://api.pagerduty.com/escalation_policies/PXYZ -H "Authorization: Token token=$PD_TOKEN"',
      'curl -X DELETE https://grafana.acme.io/api/v1/provisioning/alert-rules/abc -H "Authorization: Bearer $GRAFANA_TOKEN"',
      'sentry-cli projects delete acme/api',
      'curl -X DELETE https://sentry.io/api/0/projects/acme/api/ -H "Authorization: Bearer $SENTRY_TOKEN"',
      'helm uninstall kube-prometheus-stack -n monitoring --kube-context prod',
    ]);
    each('alerting-muted-wholesale', 'stopped', [
      'curl -X POST "https://api.datadoghq.com/api/v1/monitor/mute_all" -H "DD-API-KEY: $DD_API_KEY"',
      `curl -X POST https://api.datadoghq.com/api/v1/downtime -H "DD-API-KEY: $DD_API_KEY" -d '{"scope": ["*"], "end": 1735689600}'`,
      'pd service disable --ids PABC123',
      'curl -X POST https://api.opsgenie.com/v2/integrations/abc/disable -H "Authorization: GenieKey $OG"',
      'amtool silence add alertname=~".+" --duration=30d --comment="quiet"',
      'amtool silence expire $(amtool silence query -q)',
      "aws cloudwatch disable-alarm-actions --alarm-names $(aws cloudwatch describe-alarms --query 'MetricAlarms[].AlarmName' --output text)",
      "curl -X PATCH https://api.statuspage.io/v1/pages/abc/components/xyz -d 'component[status]=operational'",
      "pd incident resolve --ids $(pd incident list --statuses triggered --json | jq -r '.[].id')",
    ]);
    each('cloud-security-monitoring-off', 'stopped', [
      "aws guardduty archive-findings --detector-id abc --finding-ids $(aws guardduty list-findings --detector-id abc --query 'FindingIds' --output text)",
      'aws securityhub batch-disable-standards --standards-subscription-arns arn:aws:securityhub:us-east-1:123:subscription/cis',
      'az security pricing create -n VirtualMachines --tier free',
      "aws s3api put-bucket-logging --bucket acme-prod-data --bucket-logging-status '{}'",
    ]);
    each('error-reporting-removed', 'stopped', ["sed -i '/SENTRY_DSN/d' .env.production"]);
  });
  it('scoped silences, reads and upgrades are allowed', () => {
    quiet('alerting-destroyed', ['helm upgrade kube-prometheus-stack prometheus-community/kube-prometheus-stack -n monitoring', 'sentry-cli releases new 1.2.3', 'curl -s https://api.pagerduty.com/escalation_policies -H "Authorization: Token token=$PD"']);
    quiet('alerting-muted-wholesale', ['amtool silence add alertname=DiskFull instance=db-3 --duration=2h --comment="maintenance"', 'amtool silence query', 'pd incident list --statuses triggered', 'curl -s "https://api.datadoghq.com/api/v1/monitor?tags=env:prod" -H "DD-API-KEY: $DD_API_KEY"']);
    quiet('cloud-security-monitoring-off', ['aws guardduty list-findings --detector-id abc', 'az security pricing list']);
  });
});

describe('keys, tokens and card data read', () => {
  it('is held', () => {
    each('observability-agent-key-file', 'stopped', ['cat /etc/datadog-agent/datadog.yaml', 'grep api_key /etc/datadog-agent/datadog.yaml', 'cat /etc/newrelic-infra.yml']);
    each('observability-tokens-printed', 'stopped', ["env | grep -iE 'datadog|dd_api|newrelic|sentry|honeycomb'"]);
    each('logs-searched-for-card-data', 'stopped', ["grep -rE '4[0-9]{15}' /var/log/app/prod/", 'zgrep -E "card_number|pan=" /var/log/nginx/access.log*']);
    each('grafana-datasources-read', 'stopped', ['curl -s https://grafana.acme.io/api/datasources -H "Authorization: Bearer $GRAFANA_TOKEN"']);
  });
  it('everyday log and agent work is allowed', () => {
    quiet('observability-agent-key-file', ['systemctl status datadog-agent', 'datadog-agent status']);
    quiet('logs-searched-for-card-data', ['grep ERROR /var/log/app/app.log', 'rg "timeout" logs/']);
    quiet('grafana-datasources-read', ['curl -s https://grafana.acme.io/api/health']);
    quiet('error-reporting-removed', [fileWrite('/home/dev/projects/app/README.md', 'Set SENTRY_DSN to report errors.\n')]);
  });
});
