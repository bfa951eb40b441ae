/**
 * `svc digest`: the open items (pending and escalated) as a table;
 * `svc digest review`: walks them one by one in the terminal;
 * `svc digest approve|deny|learn|escalate|allow-always|deny-terminate|unlock-egress ID [--notes]`
 * for scripts. Reviews go through the dashboard routes with the dashboard
 * token (the CLI is the user's own tool).
 */
import type { Command } from 'commander';
import { action, withJson, type CliContext } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';
import { age } from '../output.ts';
import { REVIEW_ACTIONS, forensics, openItems, review, type ListedItem, type ReviewAction } from '../digest/digest-api.ts';
import { callHeadline } from '../../core/audit/call-headline.ts';

async function list(ctx: CliContext, options: { limit: string }): Promise<void> {
  const max = Number(options.limit);
  if (!Number.isInteger(max) || max < 1) throw new CliError(EXIT.usage, `--limit must be a positive integer, not ${options.limit}`);
  const client = ctx.client();
  const { items, page } = await openItems(client, max);
  const priorities = await Promise.all(items.map((item) => forensics(client, item.id)));
  const listed: ListedItem[] = items.map((item, i) => ({ ...item, priority: priorities[i]?.priority ?? null }));
  ctx.out.result({ items: listed, total: page.total, pending_count: page.pending_count, escalated_count: page.escalated_count }, () => {
    const { c } = ctx.out;
    if (listed.length === 0) {
      ctx.out.line('The digest is empty: nothing waits for a review.');
      return;
    }
    ctx.out.table<ListedItem>(
      [
        { header: 'SCORE', value: (i) => i.composite_score.toFixed(2), align: 'right', color: (t, i) => (i.composite_score >= 7 ? c.red(t) : c.yellow(t)) },
        { header: 'PRIORITY', value: (i) => i.priority ?? i.severity },
        { header: 'TYPE', value: (i) => i.tool_call_type },
        { header: 'CALL', value: (i) => `${i.status === 'escalated' ? '[escalated] ' : ''}${i.informational_only ? '[info] ' : ''}${callHeadline(i.arguments_summary)}`, flex: true },
        { header: 'AGE', value: (i) => age(i.created_at), align: 'right' },
        { header: 'ID', value: (i) => i.id, color: (t) => c.dim(t) },
      ],
      listed,
    );
    const more = page.total - listed.length;
    ctx.out.line(c.dim(`${page.pending_count} pending, ${page.escalated_count} escalated${more > 0 ? ` (${more} more: --limit)` : ''}; review with \`svc digest review\``));
  });
}

/** What each review action does, as the dashboard's buttons say it. */
const ACTION_HELP: Record<ReviewAction, string> = {
  approve: 'Approve one item: the waiting call is allowed',
  deny: 'Deny one item: the waiting call is refused',
  learn: 'Approve one item and allow this exact call from now on',
  escalate: 'Escalate one item to another reviewer (it stays open)',
  'allow-always': 'Approve one item and allow calls like it from now on',
  'deny-terminate': "Deny one item and terminate its supervised session's process tree",
  'unlock-egress': 'Approve one item and release its session from containment',
};

export default function register(program: Command): void {
  const digest = withJson(program.command('digest'))
    .description('The quarantine digest: open items, interactive review, review actions')
    .option('--limit <n>', 'at most this many items', '100')
    .action(action(list));

  digest
    .command('review')
    .description('Walk the open items one by one (approve, deny, learn, escalate, allow-always, deny-terminate, unlock-egress, skip)')
    .option('--notes <text>', 'reviewer notes sent with every action')
    .action(
      action(async (ctx, options: { notes?: string }) => {
        const { runReview } = await import('../digest/review-session.ts');
        return runReview(ctx, options.notes);
      }),
    );

  for (const verb of REVIEW_ACTIONS) {
    withJson(digest.command(verb))
      .description(ACTION_HELP[verb])
      .argument('<id>', 'the digest item id (from `svc digest`)')
      .option('--notes <text>', 'reviewer notes')
      .action(
        action(async (ctx, id: string, options: { notes?: string }) => {
          const result = await review(ctx.client(), id, verb, options.notes);
          ctx.out.result(result, () => ctx.out.line(`${result.id}: ${result.status}`));
        }),
      );
  }
}
