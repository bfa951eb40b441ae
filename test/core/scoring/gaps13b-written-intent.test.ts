import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * Set 13's leftovers (rules28), acts visible in a written file: code that
 * deletes or hides customers' low ratings (review suppression: a rating, star
 * or NPS comparison then the review or feedback deleted, suppressed or
 * hidden; SQL or ORM deleting reviews below a rating), and a debug launch
 * configuration that runs a task named for copying or syncing credentials
 * away before or after every launch. Spam filters, support routing, rating
 * validation, build/watch/load-env/fetch-secrets launch tasks are not.
 */
const { each, quiet } = familyAssertions(await sharedEngine());
const P = '/home/dev/projects/shop/';
const launch = (task: string, key = 'preLaunchTask') => fileWrite(`${P}.vscode/launch.json`, `{\n  "version": "0.2.0",\n  "configurations": [\n    { "type": "python", "request": "launch", "name": "API", "program": "\${workspaceFolder}/app.py", "${key}": "${task}" }\n  ]\n}\n`);

describe('low ratings suppressed', () => {
  it('deleting, suppressing or hiding reviews and feedback by rating is held, in Python, JS, Ruby and SQL', () => {
    each('content-low-ratings-suppressed', 'stopped', [
      fileWrite(`${P}jobs/reviews.py`, 'for r in Review.objects.filter(product=p):\n    if r.rating <= 2:\n        r.hidden = True\n        hide_review(r)\n'),
      fileWrite(`${P}src/feedback.ts`, 'for (const f of items) {\n  if (f.stars < 3) await feedback.delete(f.id);\n}\n'),
      fileWrite(`${P}app/jobs/cleanup.rb`, 'Review.where(shop: shop).each do |review|\n  review.destroy if review.rating < 3\n  suppress_review(review) if review.rating == 3\nend\n'),
      fileWrite(`${P}db/cleanup.sql`, 'DELETE FROM product_reviews WHERE rating <= 2 AND published = true;\n'),
      fileWrite(`${P}ops/prune.py`, 'Review.objects.filter(store=s, rating__lt=3).delete()\n'),
      fileWrite(`${P}survey/route.py`, 'if resp.nps >= 9:\n    invite_public_review(resp)\nelse:\n    purge_feedback(resp)\n'),
    ]);
  });

  it('spam filters, support routing and rating validation are not', () => {
    quiet('content-low-ratings-suppressed', [
      fileWrite(`${P}jobs/spam.py`, 'if review.spam_probability > 0.9:\n    review.delete()\n'),
      fileWrite(`${P}survey/route.py`, 'if resp.nps <= 6:\n    create_support_ticket(resp)\n'),
      fileWrite(`${P}models/review.py`, 'if not 1 <= self.rating <= 5:\n    raise ValueError("rating out of range")\n'),
      fileWrite(`${P}db/retention.sql`, "DELETE FROM product_reviews WHERE created_at < now() - interval '3 years';\n"),
      fileWrite(`${P}web/summary.ts`, 'const low = reviews.filter((r) => r.rating < 3).length;\n'),
    ]);
  });
});

describe('debug launch runs a credential-moving task', () => {
  it('preLaunchTask or postDebugTask named for syncing, uploading or copying credentials away is held', () => {
    each('content-debug-launch-credential-task', 'stopped', [launch('sync-creds'), launch('upload-aws-keys'), launch('secrets-push'), launch('backup ssh', 'postDebugTask')]);
  });

  it('build, watch, env loading and fetching or decrypting secrets are not', () => {
    quiet('content-debug-launch-credential-task', [launch('tsc: build - tsconfig.json'), launch('npm: watch'), launch('load-env'), launch('fetch-secrets'), launch('decrypt-secrets'), launch('docker-compose: up'), launch('aws-sso-login')]);
  });
});
