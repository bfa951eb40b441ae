/**
 * `svc digest review`: shows each open item (highest score first) and asks
 * for one key: the review action, skip, or quit. Built on @clack/prompts; a
 * refusal by the daemon (say, 409 for an item someone else reviewed
 * meanwhile) is shown and the walk goes on.
 */
import type { Writable } from 'node:stream';
import * as p from '@clack/prompts';
import type { CliContext } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';
import { clean, age } from '../output.ts';
import { promptOutput } from './prompt-output.ts';
import { openItems, review, type DigestItem, type ReviewAction } from './digest-api.ts';
import { callHeadline } from '../../core/audit/call-headline.ts';

const KEYS: ReadonlyArray<{ value: string; label: string; action: ReviewAction | 'skip' | 'quit'; hint?: string }> = [
  { value: 'a', label: 'approve', action: 'approve' },
  { value: 'd', label: 'deny', action: 'deny' },
  { value: 'l', label: 'learn', action: 'learn', hint: 'approve and allow this exact call from now on' },
  { value: 'e', label: 'escalate', action: 'escalate' },
  { value: 'w', label: 'allow-always', action: 'allow-always', hint: 'approve and allow calls like it' },
  { value: 't', label: 'deny-terminate', action: 'deny-terminate', hint: 'deny and stop the supervised tool' },
  { value: 'u', label: 'unlock-egress', action: 'unlock-egress', hint: 'approve and release the session from containment' },
  { value: 's', label: 'skip', action: 'skip' },
  { value: 'q', label: 'quit', action: 'quit' },
];

function describe(item: DigestItem, index: number, total: number, ctx: CliContext): string {
  const { c } = ctx.out;
  const matched = item.filter_breakdown.filter((f) => f.matched);
  const headline = callHeadline(item.arguments_summary);
  const lines = [
    `${c.bold(clean(item.tool_call_type))}  score ${item.composite_score.toFixed(2)}  ${item.severity}  ${c.dim(`${age(item.created_at)} ago`)}${item.status === 'escalated' ? c.yellow('  escalated') : ''}`,
    clean(headline),
    ...(headline === item.arguments_summary ? [] : [c.dim(clean(item.arguments_summary))]),
    c.dim(clean(item.decision_reason)),
    ...matched.map((f) => `  ${c.dim('·')} ${clean(String(f.filter_name ?? ''))} ${typeof f.score === 'number' ? f.score.toFixed(2) : ''} ${c.dim(clean(String(f.message ?? '')))}`),
    c.dim([item.session_id && `session ${clean(item.session_id)}`, item.plugin_id && clean(item.plugin_id), `id ${item.id}`].filter(Boolean).join(' · ')),
  ];
  return `${lines.join('\n')}\n${c.dim(`item ${index + 1} of ${total}`)}`;
}

export async function runReview(ctx: CliContext, notes: string | undefined): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new CliError(EXIT.usage, 'digest review needs a terminal', 'in scripts use `svc digest approve|deny|... ID`');
  }
  const client = ctx.client();
  const { items } = await openItems(client, 1000);
  const opts = { output: promptOutput(ctx.out.color) as Writable };
  p.intro('svc digest review', opts);
  if (items.length === 0) {
    p.outro('Nothing waits for a review.', opts);
    return EXIT.ok;
  }
  const done: Record<string, number> = {};
  for (const [index, item] of items.entries()) {
    p.note(describe(item, index, items.length, ctx), 'Queued tool call', opts);
    const key = await p.selectKey({ ...opts, message: 'Your decision', options: KEYS.map(({ value, label, hint }) => ({ value, label, hint })) });
    const choice = KEYS.find((k) => k.value === key);
    if (p.isCancel(key) || !choice || choice.action === 'quit') break;
    if (choice.action === 'skip') continue;
    try {
      const result = await review(client, item.id, choice.action, notes);
      done[choice.action] = (done[choice.action] ?? 0) + 1;
      p.log.success(`${result.status}`, opts);
    } catch (error) {
      if (!(error instanceof CliError) || error.exitCode === EXIT.notRunning) throw error;
      p.log.error(error.message, opts);
    }
  }
  const summary = Object.entries(done).map(([verb, count]) => `${count} ${verb}`).join(', ');
  p.outro(summary ? `Reviewed: ${summary}.` : 'Nothing reviewed.', opts);
  return EXIT.ok;
}
