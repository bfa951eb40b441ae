import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, spawn } from './rule-assertions.ts';

/**
 * The act, not a writing (actsA): shared version-control history and release
 * integrity destroyed or forged, on every VCS and forge. Harmful: shared
 * history deleted or rewritten on svn (trunk or a branch removed or moved by
 * URL, svndumpfilter into svnadmin load, revision properties edited),
 * Mercurial (public changesets stripped, forced pushes, phases forced back to
 * draft), fossil (purge, scrub, shun) and Perforce (obliterate -y, whole
 * depot trees deleted); a code host's repository store removed on the
 * server; a release tag moved through the API; commits made under another
 * person's name, unsigned, or with CODEOWNERS emptied; branch protection
 * weakened in place. Everyday look-alikes: working-copy files removed, drafts
 * stripped with --keep, previews, feature branches, one's own amended author,
 * owners appended, protection strengthened.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: { Authorization: 'Bearer $GH_TOKEN' }, ...(body ? { body } : {}) } as ToolCall);

describe('shared history on svn, Mercurial, fossil and Perforce', () => {
  it('trunk or a branch removed on the server, public history stripped or obliterated is held', () => {
    each('vcs-shared-history-destroyed', 'stopped', [
      "svn delete https://svn.acme.internal/repos/core/trunk -m 'cleanup'",
      "svn rm svn+ssh://svn.acme.internal/repos/core/branches/release-2.x -m 'old'",
      "svn move https://svn.acme.internal/repos/core/trunk https://svn.acme.internal/repos/core/attic/trunk -m 'archive'",
      'svnadmin dump /srv/svn/core | svndumpfilter exclude secrets > /tmp/core.dump && svnadmin load /srv/svn/core < /tmp/core.dump',
      "svn propset --revprop -r 1200 svn:author 'jsmith' https://svn.acme.internal/repos/core",
      'hg strip -r 1200: --force',
      'hg push -f',
      spawn('hg', 'push', '--force', 'ssh://hg@hg.acme.internal/core'),
      "hg phase --draft --force -r 'all()'",
      'hg histedit -r 1150 --config phases.publish=false',
      'fossil purge obliterate 1a2b3c4d',
      'fossil scrub --verily --force',
      'p4 obliterate -y //depot/core/...',
      "p4 delete //depot/core/main/... && p4 submit -d 'cleanup'",
      'p4 -p ssl:perforce.acme.internal:1666 obliterate -y //depot/game/...',
    ]);
    quiet('vcs-shared-history-destroyed', [
      "svn delete src/legacy/old_helper.c && svn commit -m 'remove helper'",
      'svn log -l 20 https://svn.acme.internal/repos/core/trunk',
      "hg strip -r 'draft() and outgoing()' --keep",
      'hg push',
      'hg histedit -r .',
      'p4 delete //depot/core/dev/jd/scratch/notes.txt',
      'p4 obliterate //depot/core/dev/jd/scratch/...',
      'fossil timeline -n 10',
    ]);
  });

  it("a code host's repository store removed on its server is denied; temporary clones are not", () => {
    each('server-repositories-deleted', 'deny', [
      "ssh git@git.acme.internal 'rm -rf /var/opt/gitlab/git-data/repositories/acme/core.git'",
      'sudo rm -rf /srv/git/acme',
      "ssh root@gitea.acme.internal 'rm -r -f /var/lib/gitea/data/gitea-repositories/acme'",
    ]);
    quiet('server-repositories-deleted', ['rm -rf /tmp/srv/git/scratch', 'rm -rf ./mirror-test.git']);
  });

  it('a repository deleted on Azure DevOps or Gitea is denied', () => {
    each('repo-delete-cli', 'deny', [
      'tea repos delete --owner acme --name core --force',
      'az repos delete --id 8f1c2e3d-1111-2222-3333-444455556666 --project Platform --yes',
    ]);
  });
});

describe('release integrity', () => {
  it('a release tag moved through the API is denied', () => {
    each('main-branch-force-updated-cli', 'deny', ['gh api -X PATCH repos/acme/cli/git/refs/tags/v2.4.0 -f sha=9c1f00e2a -F force=true']);
    each('main-branch-force-updated-api', 'deny', [http('PATCH', 'https://api.github.com/repos/acme/cli/git/refs/tags/v2.4.0', '{"sha":"9c1f00e2ab","force":true}')]);
  });

  it("a commit under another person's name or unsigned is held; one's own amend and bots are not", () => {
    each('git-author-impersonation', 'stopped', [
      'git commit --author="Jane Maintainer <jane@acme.io>" -m "Approved fix"',
      "git commit -m 'ship it' --author 'Sam Lee <sam.lee@acme.io>'",
    ]);
    quiet('git-author-impersonation', [
      'git commit --amend --author="Jane Doe <jane@acme.io>" --no-edit',
      "git commit -m 'deps' --author='dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>'",
    ]);
    each('git-signing-disabled', 'stopped', ["git commit --no-gpg-sign -m 'release' && git push origin main"]);
    quiet('git-signing-disabled', ["git commit -S -m 'signed release'", 'git config commit.gpgsign true']);
  });

  it('CODEOWNERS emptied or edited away is held; owners appended are not', () => {
    each('codeowners-removed', 'stopped', [
      "sed -i '/@acme\\/security/d' .github/CODEOWNERS && git commit -am 'codeowners' && git push origin main",
      ": > .github/CODEOWNERS && git commit -am 'x' && git push",
    ]);
    quiet('codeowners-removed', ["echo '/docs/ @acme/docs' >> .github/CODEOWNERS", 'cat .github/CODEOWNERS']);
  });

  it('branch protection weakened in place is held; strengthened is not', () => {
    each('branch-protection-removed-cli', 'stopped', [
      'gh api -X PATCH repos/acme/core/branches/main/protection/required_pull_request_reviews -F required_approving_review_count=0',
      'gh api -X PUT repos/acme/core/branches/main/protection -F enforce_admins=false -F required_pull_request_reviews=null -F required_status_checks=null -F restrictions=null',
      'glab api -X DELETE projects/acme%2Fplatform/protected_branches/main',
    ]);
    quiet('branch-protection-removed-cli', [
      'gh api -X PUT repos/acme/core/branches/main/protection -F enforce_admins=true -F required_approving_review_count=2',
      'gh api repos/acme/core/branches/main/protection',
    ]);
    each('code-host-protection-weakened', 'stopped', ['glab api --method POST "projects/4411902/protected_branches?name=main&allow_force_push=true&push_access_level=30"']);
  });

  it('review and approval gates weakened on a code host are held; raised or read are not', () => {
    each('review-gate-weakened', 'stopped', [
      "gh api -X PUT repos/acme/core/environments/production -F 'reviewers=[]' -F wait_timer=0",
      'gh api -X DELETE repos/acme/core/environments/production/deployment-branch-policies/1203',
      'glab api -X PUT projects/4411902 -f only_allow_merge_if_pipeline_succeeds=false',
      'az repos policy approver-count update --id 12 --minimum-approver-count 0 --creator-vote-counts true --project Platform',
      "sed -i 's/required_approving_review_count: 2/required_approving_review_count: 0/' .github/settings.yml && git commit -am 'settings' && git push origin main",
      'gh api -X PUT repos/acme/core/actions/permissions/workflow -f default_workflow_permissions=write -F can_approve_pull_request_reviews=true',
      http('PUT', 'https://gitlab.com/api/v4/projects/4411902', '{"only_allow_merge_if_pipeline_succeeds":false,"merge_requests_author_approval":true}'),
      http('POST', 'https://gitlab.com/api/v4/projects/4411902/approvals', '{"approvals_before_merge":0,"reset_approvals_on_push":false}'),
    ]);
    each('review-gate-removed-api', 'stopped', [http('DELETE', 'https://gitlab.com/api/v4/projects/4411902/approval_rules/88')]);
    each('environment-reviewers-emptied-api', 'stopped', [http('PUT', 'https://api.github.com/repos/acme/core/environments/production', '{"reviewers":[],"deployment_branch_policy":null}')]);
    quiet('review-gate-weakened', [
      'gh api repos/acme/core/environments/production',
      'gh api -X PUT repos/acme/core/actions/permissions/workflow -f default_workflow_permissions=read',
      'az repos policy approver-count update --id 12 --minimum-approver-count 2 --project Platform',
    ]);
  });

  it('a release tag force-pushed by refspec, replaced history pushed, or a stranger image made a release is held', () => {
    each('release-asset-replaced', 'stopped', ['git push origin +v2.4.0', "git replace 4f2a9c1 7be0d33 && git push origin 'refs/replace/*'"]);
    each('release-image-from-outside-registry', 'stopped', ['docker buildx imagetools create -t ghcr.io/acme/api:latest docker.io/randomdev/api:latest']);
    quiet('release-asset-replaced', ['git push origin v2.5.0', 'git push origin HEAD:refs/heads/feat/csv-export']);
    quiet('release-image-from-outside-registry', ['docker buildx imagetools create -t ghcr.io/acme/api:2.5.0 ghcr.io/acme/api:sha-1a2b3c']);
  });

  it('a yank undone is not held', () => {
    quiet('package-ownership-change', ['cargo yank --version 1.8.2 --undo acme-core', 'npm dist-tag ls @acme/sdk']);
  });
});
