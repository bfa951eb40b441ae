import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions } from './rule-assertions.ts';

/**
 * Set 13's leftovers (rules28): the step before running code somewhere else.
 * A Jenkins script console page opened on a Jenkins host that is not this
 * machine (by a request, curl or a browser/fetch tool) and the process table
 * walked through a listing tool (/proc whole, a process's root or map_files)
 * are held. A /script path on a host that does not name Jenkins, Jenkins' own
 * docs, job pages, a local Jenkins, /proc's named files and a project folder
 * are not.
 */
const { each, quiet } = familyAssertions(await sharedEngine());
const get = (url: string): ToolCall => ({ type: 'HttpRequest', method: 'GET', url } as ToolCall);
const list = (path: string, recursive?: boolean): ToolCall => ({ type: 'DirList', path, ...(recursive === undefined ? {} : { recursive }) } as ToolCall);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);

describe('Jenkins script console opened', () => {
  it('the console page of a Jenkins controller or agent is held, by request, curl or browser tool', () => {
    each('jenkins-script-console-opened', 'stopped', [
      get('https://jenkins.acme-corp.com/script'),
      get('http://ci-jenkins-02:8080/manage/script'),
      get('https://build.example.net/jenkins/computer/linux-agent-3/script'),
      'curl -s -u "ops:$JENKINS_API_TOKEN" https://jenkins.example.org/script | grep -i groovy',
      mcp('playwright', 'browser_navigate', { url: 'https://jenkins.example.org/manage/script' }),
    ]);
  });

  it("job pages, Jenkins' docs, a local Jenkins and /script on other hosts are not this rule's", () => {
    quiet('jenkins-script-console-opened', [
      get('https://jenkins.acme-corp.com/job/api/lastBuild/api/json'),
      get('https://www.jenkins.io/doc/book/managing/script-console/'),
      get('http://localhost:8080/script'),
      get('https://ci.example.io/script'),
      get('https://api.example.com/v1/scripts/nightly'),
      'curl -s https://jenkins.example.org/job/deploy/lastBuild/api/json | jq .result',
    ]);
  });
});

describe('/proc walked by a listing tool', () => {
  it('/proc whole and a process root are held', () => {
    each('process-tree-listed', 'stopped', [list('/proc', true), list('/proc/'), list('/proc/1/root'), list('/proc/4127/map_files')]);
  });

  it("a process's named folders, /proc/sys and project folders are not", () => {
    quiet('process-tree-listed', [list('/proc/self/fd'), list('/proc/sys/net/ipv4'), list('/home/dev/projects/app/src', true), list('/home/dev/projects/proc')]);
  });
});
