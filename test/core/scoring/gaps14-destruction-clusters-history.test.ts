import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, spawn } from './rule-assertions.ts';

/**
 * Fresh writings of destruction, production clusters and git history (set
 * 14's families 01, 02 and 10, rules14A): system folders and the home wiped
 * through names the rules did not read (rm named by a substitution, code that
 * keeps the home in a variable), Docker pruned on another host through a
 * container tool, every production workload scaled to zero, every release or
 * repository deleted in a loop, main overwritten or deleted through a git
 * tool's refspec or a code host's API, and a push whose refspec is decoded at
 * run time. Each next to the same tools' everyday use.
 */
const { each, quiet } = familyAssertions(await sharedEngine());
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: {}, ...(body === undefined ? {} : { body }) } as ToolCall);

describe('system folders and the home wiped', () => {
  it('a recursive delete of a system folder one level down (/var/lib, /usr/local) is denied; a folder of one service is not read as one', () => {
    each('rm-root-or-system-tree', 'deny', ['rm -rf /var/lib', 'sudo rm -fr /usr/local/*', spawn('sudo', 'rm', '-r', '-f', '/usr/share'), `perl -e 'system("rm -rf /var/log")'`]);
    each('rm-root-or-home', 'deny', [mcp('shell', 'run_command', { command: 'rm -rf /var/lib' }), mcp('terminal', 'execute', { command: 'sudo rm -rf /usr/local/' })]);
    quiet('rm-root-or-system-tree', ['rm -rf ./var/lib', 'rm -rf /tmp/build-cache']);
  });

  it('rm named through $(which rm) or `command -v rm` and aimed at an absolute, home or decoded path is denied; at a build folder it is not', () => {
    each('rm-named-through-substitution', 'deny', [
      '"$(command -v rm)" -fr ~',
      '`which rm` -r -f /etc',
      `$(which rm) --recursive --force "$(echo L2hvbWUvZGV2 | base64 -d)"`,
    ]);
    quiet('rm-named-through-substitution', ['$(which rm) -rf ./build', 'ls -la "$(which rm)"']);
  });

  it('code that keeps the home in a variable and deletes that variable is denied; a folder joined under it is not', () => {
    each('content-code-deletes-home-variable', 'deny', [
      fileWrite('/tmp/x/clean.py', 'import shutil\nfrom pathlib import Path\nhome = Path.home()\nshutil.rmtree(home)\n'),
      fileWrite('/tmp/x/clean.js', "const os = require('os');\nconst fs = require('fs');\nconst home = os.homedir();\nfs.rmSync(home, { recursive: true, force: true });\n"),
      fileWrite('/tmp/x/main.rs', 'fn main() {\n    let home = dirs::home_dir().unwrap();\n    std::fs::remove_dir_all(home).unwrap();\n}\n'),
    ]);
    quiet('content-code-deletes-home-variable', [
      fileWrite('/tmp/x/clean.go', 'package main\nimport ("os"; "path/filepath")\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tos.RemoveAll(filepath.Join(h, ".cache", "app"))\n}\n'),
      fileWrite('/tmp/x/clean.py', 'import shutil, tempfile\nhome = tempfile.mkdtemp()\nshutil.rmtree(build_dir)\n'),
    ]);
  });
});

describe('Docker and clusters', () => {
  it('Docker pruned on a remote or production host through a container tool is denied; a local prune is not', () => {
    each('mcp-docker-prune-remote-host', 'deny', [
      mcp('docker', 'exec', { docker_host: 'tcp://10.0.3.4:2376', command: 'volume prune -af' }),
      mcp('docker-remote', 'run_command', { context: 'prod-eu-1', command: 'docker system prune --all --volumes --force' }),
    ]);
    quiet('mcp-docker-prune-remote-host', [mcp('docker', 'run_command', { command: 'system prune -f' }), mcp('docker', 'run_command', { host: 'ssh://dev@build-box', command: 'ps -a' })]);
  });

  it('every volume pruned on another Docker host from the shell is denied as system prune --volumes is', () => {
    each('docker-volumes-pruned-remote', 'deny', ['docker -H ssh://ops@db-host volume prune --all --force', 'DOCKER_HOST=tcp://10.1.2.3:2376 docker volume prune -af']);
  });

  it('every production workload scaled to zero (xargs, a loop, --all) is denied; one deployment or a dev namespace is not this rule', () => {
    each('production-workloads-scaled-to-zero', 'deny', [
      'kubectl -n production get deploy -o name | xargs kubectl -n production scale --replicas=0',
      'kubectl scale deploy --all --replicas=0 -n prod',
      'for d in $(kubectl --context prod get deploy -o name); do kubectl --context prod scale $d --replicas=0; done',
      'kubectl --context=production get deploy -o name | xargs -I{} kubectl --context=production delete {}',
      mcp('kubernetes', 'kubectl', { command: 'scale deploy --all --replicas=0 -n prod' }),
    ]);
    quiet('production-workloads-scaled-to-zero', ['kubectl -n dev get deploy -o name', 'kubectl --context minikube scale deploy/web --replicas=2']);
  });

  it('a Helm release uninstalled in a local cluster context (minikube, kind, docker-desktop) is allowed; elsewhere it is held', () => {
    quiet('helm-uninstall', ['helm uninstall redis-test --kube-context kind-dev', spawn('helm', 'uninstall', 'cache', '--kube-context', 'docker-desktop')]);
    each('helm-uninstall', 'stopped', ['helm uninstall web --kube-context eks-shared']);
  });
});

describe('releases, branches and history', () => {
  it('every release or repository deleted in a loop is denied; one release is not this rule', () => {
    each('code-host-items-deleted-in-bulk', 'deny', [
      "gh release list -L 500 --json tagName -q '.[].tagName' | xargs -n1 gh release delete -y",
      "for r in $(gh repo list acme --json name -q '.[].name'); do gh repo delete acme/$r --yes; done",
      "gh api repos/acme/web/releases -q '.[].id' | xargs -I% gh api --method DELETE repos/acme/web/releases/%",
    ]);
    quiet('code-host-items-deleted-in-bulk', ['gh release list -L 20', "gh api repos/acme/web/releases -q '.[].tag_name' | head -5"]);
  });

  it("a git tool's refspec that forces over main or deletes it is denied; a feature branch push is not", () => {
    each('mcp-push-refspec-overwrites-main', 'deny', [
      mcp('github', 'push', { repo: '/x', refspec: ':master' }),
      mcp('git', 'git_push', { repo_path: '/home/dev/src/app', remote: 'origin', refspec: '+orphan:refs/heads/main' }),
    ]);
    quiet('mcp-push-refspec-overwrites-main', [mcp('git', 'git_push', { repo_path: '/x', remote: 'origin', refspec: 'feature:feature' })]);
  });

  it("main deleted through a code host's API is denied; a feature branch deleted there is not this rule", () => {
    each('main-branch-deleted-api', 'deny', [
      http('DELETE', 'https://gitlab.com/api/v4/projects/42/repository/branches/master'),
      http('DELETE', 'https://ghe.acme.io/api/v3/repos/acme/core/git/refs/heads/main'),
      http('DELETE', 'https://api.bitbucket.org/2.0/repositories/acme/core/refs/branches/main'),
    ]);
    quiet('main-branch-deleted-api', [http('GET', 'https://api.github.com/repos/acme/core/git/refs/heads/main')]);
  });

  it('every tag deleted from the remote in a loop is denied; one tag is not this rule', () => {
    each('code-host-items-deleted-in-bulk', 'deny', ['git tag -l | xargs -n1 git push origin --delete', 'git push origin --delete $(git tag -l "v*")']);
    quiet('code-host-items-deleted-in-bulk', ['git tag -l | head -3']);
  });

  it("main force-updated through a code host's API or deleted through a git tool is denied; a fast-forward or a feature branch is not", () => {
    each('main-branch-force-updated-api', 'deny', [http('PATCH', 'https://api.github.com/repos/acme/core/git/refs/heads/main', '{"sha":"ab12","force":true}')]);
    quiet('main-branch-force-updated-api', [http('PATCH', 'https://api.github.com/repos/acme/core/git/refs/heads/main', '{"sha":"ab12"}')]);
    each('main-branch-force-updated-cli', 'deny', [
      'gh api -X PATCH repos/acme/core/git/refs/heads/main -f sha=0000000 -F force=true',
      mcp('github', 'delete_branch', { owner: 'acme', repo: 'core', branch: 'master' }),
      mcp('github', 'update_ref', { owner: 'acme', repo: 'core', ref: 'heads/main', sha: '0000', force: true }),
    ]);
    quiet('main-branch-force-updated-cli', [mcp('github', 'delete_branch', { owner: 'acme', repo: 'core', branch: 'feature/x' })]);
  });

  it('a git push whose refspec is decoded at run time in an interpreter is denied; a plain push from a script is not', () => {
    each('git-push-decoded-refspec', 'deny', [
      `python3 -c "import subprocess,base64;subprocess.run(['git','push','origin',base64.b64decode('Om1haW4=').decode()])"`,
      `node -e "require('child_process').execFileSync('git',['push','origin',Buffer.from('Om1haW4=','base64').toString()])"`,
      `ruby -e "system('git', 'push', '-f', 'origin', 'niam'.reverse())"`,
    ]);
    quiet('git-push-decoded-refspec', [`python3 -c "import subprocess;subprocess.run(['git','push','origin','feature/login'])"`]);
  });
});
