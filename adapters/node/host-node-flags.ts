/**
 * The V8 flags the Node host runs with. V8 sizes its heap when the process
 * starts (`v8.setFlagsFromString` comes too late for it), so whatever starts
 * the host passes them on its command line: `svc daemon start`
 * (cli/daemon/launch.ts), the host tests' launcher and, spelled out,
 * package.json's `start`.
 *
 * `--max-semi-space-size=32`: a decision allocates ~55 KB on the main thread
 * (the call's views in scoring, the record and its texts, the answer), so in
 * V8's default 16 MB young generation the host scavenged every ~170 decisions
 * under load, each time copying whatever the 32 calls in flight held. At
 * 32 MB it scavenges half as often (18 instead of 37 per 6,000 decisions):
 * main-thread CPU a decision 0.88x (in-process, 32 in flight, seven pairs
 * of separate processes alternating, geometric mean). It costs memory when
 * allocation is heavy: RSS after a verified audit read at 1M records +24-32 MB
 * (505-511 against 473-487 MB; issue 10's bound is 600).
 */
export const HOST_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
