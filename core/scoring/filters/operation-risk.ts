/**
 * operation-risk (static): a baseline score per call type, adjusted by HTTP
 * method, chmod mode (setuid/setgid, world-writable), raw connections to
 * uncommon ports (more on a reverse-shell or C2 port; a Tor or SOCKS proxy
 * port anywhere), DNS record
 * types (zone transfers), and listening on every interface, a classic backdoor
 * or a remote-access port. Rules: config/filters/operation-risk.toml.
 */
import { Type } from '@sinclair/typebox';
import { validate } from '../rule-schema.ts';
import type { FilterDefinition } from '../types.ts';
import { TOOL_CALL_TYPES } from '../../schemas/tool-call.ts';
import { isLocalHost } from '../hosts.ts';
import { literalGates } from '../literal-gates.ts';
import { compileSafeRegex } from '../safe-regex.ts';

const Score = Type.Number({ minimum: 0, maximum: 10 });
const File = Type.Object({
  baseline: Type.Record(Type.String(), Score),
  http_methods: Type.Optional(Type.Record(Type.String(), Score)),
  http_remote_methods: Type.Optional(Type.Record(Type.String(), Score)),
  http_remote_routine: Type.Optional(Type.Object({ urls: Type.Array(Type.String({ minLength: 1 })) })),
  chmod: Type.Optional(Type.Object({ setuid_score: Score, world_writable_score: Score, executable_score: Type.Optional(Score) })),
  listen: Type.Optional(Type.Object({
    all_interfaces_score: Score, privileged_port_score: Score,
    backdoor_ports: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 65535 }))), backdoor_port_score: Type.Optional(Score),
    remote_access_ports: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 65535 }))), remote_access_port_score: Type.Optional(Score),
  })),
  connect: Type.Optional(Type.Object({
    common_ports: Type.Array(Type.Integer()), uncommon_port_score: Score,
    backdoor_ports: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 65535 }))), backdoor_port_score: Type.Optional(Score),
    proxy_ports: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 65535 }))), proxy_port_score: Type.Optional(Score),
  })),
  dns: Type.Optional(Type.Object({ record_types: Type.Record(Type.String(), Score) })),
  http_delete: Type.Optional(Type.Object({ score: Score, message: Type.String({ minLength: 1 }), urls: Type.Array(Type.String({ minLength: 1 })) })),
  http_actions: Type.Optional(Type.Array(Type.Object({
    id: Type.String({ minLength: 1, maxLength: 80 }),
    methods: Type.Array(Type.String({ minLength: 1, maxLength: 10 }), { minItems: 1 }),
    score: Score,
    message: Type.String({ minLength: 1, maxLength: 200 }),
    urls: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    /** A pattern the request's headers (`name: value` lines) and body must also match (case-insensitive, first 16 KiB). */
    body: Type.Optional(Type.String({ minLength: 1 })),
  }, { additionalProperties: false }))),
});

/** A URL pattern and its place among the filter's literal gates. */
interface GatedRegex { regex: RegExp; gate: number }

/** Parses a chmod mode (octal text, number, or symbolic) into the bits we care about. */
function modeBits(mode: string | number): { setid: boolean; worldWritable: boolean; exec: boolean } {
  if (typeof mode === 'number' || /^[0-7]{3,4}$/.test(mode)) {
    const n = typeof mode === 'number' ? mode : parseInt(mode, 8);
    return { setid: (n & 0o6000) !== 0, worldWritable: (n & 0o002) !== 0, exec: (n & 0o111) !== 0 };
  }
  const m = mode.toLowerCase();
  return { setid: /[ug]?\+[rwx]*s/.test(m), worldWritable: /(?:^|,)(?:a|o)?\+[rx]*w|^\+[rx]*w/.test(m), exec: /\+[rws]*x/.test(m) };
}

/** A request's headers (`name: value` lines) then its body, cut at 16 KiB: what an action's `body` pattern reads. */
function requestText(headers: Record<string, string> | undefined, body: string | undefined): string {
  let text = '';
  for (const [k, v] of Object.entries(headers ?? {})) { text += `${k}: ${v}\n`; if (text.length > 4096) break; }
  return (text + (body ?? '')).slice(0, 16384);
}

export const operationRisk: FilterDefinition = {
  id: 'operation-risk',
  name: 'Operation risk',
  phase: 'static',
  build(doc) {
    const cfg = validate(File, doc);
    for (const t of Object.keys(cfg.baseline)) {
      if (!(TOOL_CALL_TYPES as string[]).includes(t)) throw new Error(`baseline.${t}: unknown tool call type`);
    }
    // DELETE of a whole resource (a repository, project, organisation): the method replaces the baseline.
    const compile = (where: string, p: string) => {
      const r = compileSafeRegex(p, 'i');
      if (!r.ok) throw new Error(`${where}: ${r.reason}`);
      return r.regex;
    };
    // Every URL pattern waits for its literals in the request's URL (one scan of it: literal-gates.ts).
    const urlPatterns: string[] = [];
    const compileUrls = (section: string, urls: string[]) => urls.map((p, i) => {
      const gated: GatedRegex = { regex: compile(`${section}.urls[${i}]`, p), gate: urlPatterns.length };
      urlPatterns.push(p);
      return gated;
    });
    const deleteUrls = compileUrls('http_delete', cfg.http_delete?.urls ?? []);
    // Routine remote requests (a branch, comment or label on a code host) keep the method's baseline.
    const routineUrls = compileUrls('http_remote_routine', cfg.http_remote_routine?.urls ?? []);
    // Actions named by method and URL (a deploy key added, a container exec'd): the highest matching score replaces the method's.
    const actions = (cfg.http_actions ?? []).map((a) => ({
      ...a, methods: new Set(a.methods.map((m) => m.toUpperCase())), regexes: compileUrls(`http_actions.${a.id}`, a.urls),
      bodyRegex: a.body === undefined ? null : compile(`http_actions.${a.id}.body`, a.body),
    }));
    const gates = literalGates(urlPatterns);
    const urlMatches = (r: GatedRegex, url: string): boolean => gates.allows(r.gate) && r.regex.test(url);
    return {
      evaluate(view) {
        const call = view.call;
        let score = cfg.baseline[call.type] ?? 0;
        let message = `Baseline risk of ${call.type}`;
        if (call.type === 'HttpRequest') {
          const method = call.method.toUpperCase();
          const url = call.url.slice(0, 2048);
          gates.read(url);
          const m = cfg.http_methods?.[method];
          if (m !== undefined) { score = m; message = `Baseline risk of an HTTP ${method.slice(0, 10)} request`; }
          const remote = cfg.http_remote_methods?.[method];
          if (remote !== undefined && view.hosts.length > 0 && !view.hosts.every(isLocalHost) && !routineUrls.some((r) => urlMatches(r, url))) {
            score = remote; message = `HTTP ${method.slice(0, 10)} request to a remote host`;
          }
          if (method === 'DELETE' && cfg.http_delete && deleteUrls.some((r) => urlMatches(r, url))) {
            score = cfg.http_delete.score; message = cfg.http_delete.message;
          }
          // What the request carries, read only for an action whose method and URL matched (no closure
          // per call: tsx's keepNames wraps a named one in a defineProperty call each time).
          let carried: string | null = null;
          for (const a of actions) {
            if (a.score > score && a.methods.has(method) && a.regexes.some((r) => urlMatches(r, url)) && (a.bodyRegex === null || a.bodyRegex.test(carried ??= requestText(call.headers, call.body)))) {
              score = a.score; message = `${a.message} [${a.id}]`;
            }
          }
        } else if (call.type === 'FileChmod' && cfg.chmod) {
          const bits = modeBits(call.mode);
          if (bits.setid) { score = cfg.chmod.setuid_score; message = 'chmod sets the setuid/setgid bit'; }
          else if (bits.worldWritable) { score = cfg.chmod.world_writable_score; message = 'chmod makes a file world-writable'; }
          else if (bits.exec && cfg.chmod.executable_score !== undefined) { score = cfg.chmod.executable_score; message = 'chmod makes a file executable'; }
        } else if (call.type === 'NetConnect' && cfg.connect?.proxy_port_score !== undefined && cfg.connect.proxy_ports?.includes(call.port)) {
          // A Tor or SOCKS proxy port, on this machine too: what goes through it leaves unseen.
          score = cfg.connect.proxy_port_score;
          message = `Connects to a Tor or SOCKS proxy port (${call.port})`;
        } else if (call.type === 'NetConnect' && cfg.connect && !cfg.connect.common_ports.includes(call.port) && !isLocalHost(view.hosts[0] ?? '')) {
          // A port reverse shells and C2 servers listen on scores above any other odd port.
          const backdoor = cfg.connect.backdoor_port_score;
          if (backdoor !== undefined && cfg.connect.backdoor_ports?.includes(call.port)) {
            score = backdoor; message = `Raw connection to a remote host on a reverse-shell or C2 server port (${call.port})`;
          } else {
            score = cfg.connect.uncommon_port_score;
            message = `Raw connection to a remote host on an uncommon port (${call.port})`;
          }
        } else if (call.type === 'DnsQuery' && cfg.dns) {
          const type = (call.record_type ?? 'A').toUpperCase();
          const s = cfg.dns.record_types[type];
          if (s !== undefined) { score = s; message = `DNS ${type.slice(0, 10)} query (a zone transfer or every record of a name)`; }
        } else if (call.type === 'NetListen' && cfg.listen) {
          const host = (call.host ?? '0.0.0.0').toLowerCase();
          if (host === '0.0.0.0' || host === '::' || host === '') { score = cfg.listen.all_interfaces_score; message = 'Listens on every network interface'; }
          if (call.port > 0 && call.port < 1024) { score = Math.max(score, cfg.listen.privileged_port_score); message = 'Listens on a privileged port'; }
          const backdoor = cfg.listen.backdoor_port_score;
          const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
          if (backdoor !== undefined && !loopback && cfg.listen.backdoor_ports?.includes(call.port)) {
            score = Math.max(score, backdoor); message = `Listens on a classic backdoor port (${call.port})`;
          }
          const remoteAccess = cfg.listen.remote_access_port_score;
          if (remoteAccess !== undefined && !loopback && cfg.listen.remote_access_ports?.includes(call.port)) {
            score = Math.max(score, remoteAccess); message = `Listens on a remote-access or relay port (${call.port})`;
          }
        }
        return { matched: score > 0, score, message };
      },
    };
  },
};
