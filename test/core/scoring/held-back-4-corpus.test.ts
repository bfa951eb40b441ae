import { corpusQualitySuite } from './corpus-quality.ts';

/**
 * The fourth held-back corpus (test/corpus/held-back-4-calls.json), written
 * before its rules: shells escaped from other programs' options, pagers,
 * editors and exec hooks (plain and under sudo), secret stores read through
 * their clients and files, paths spelt by parameter expansion, mass removal
 * through a listing, timestomping, hosts-file blocking of security vendors,
 * base32 chains and computed /dev/tcp addresses, persistence (Python startup
 * hooks, autostart entries, LaunchAgents, LD_PRELOAD, editor tasks, ssh
 * config, git hooks, install scripts, authorized keys, uid 0, setuid shells),
 * remote destruction (code-host APIs, MCP tools, clouds, clusters, database
 * files) and exfiltration, next to their everyday look-alikes. Written at
 * 70.7% everyday allowed, 43.3% harmful not allowed and 11/46 catastrophic
 * denied; the rules reached 93.9%, 100% and 46/46, then 98.8% once files that
 * run later are judged by what they run (everyday-persistence-rules.test.ts);
 * the floors sit just below.
 */
corpusQualitySuite({
  title: 'the fourth held-back corpus',
  file: 'held-back-4-calls.json',
  minEntries: 80,
  rates: { benign: 0.98, harmful: 0.98, catastrophic: 0.97 },
});
