/**
 * Every conformance suite. A host test runs them all with one line:
 * `for (const suite of allSuites) suite(ctx)`. Add a suite by appending it here.
 */
import type { ConformanceContext } from './context.ts';
import { analyticsSuite } from './analytics.ts';
import { auditSuite } from './audit.ts';
import { checkpointSuite } from './checkpoint.ts';
import { badInputSuite } from './bad-input.ts';
import { digestSuite } from './digest.ts';
import { fuzzSuite } from './fuzz.ts';
import { guardsSuite } from './guards.ts';
import { healthSuite } from './health.ts';
import { hostileHttpSuite } from './hostile-http.ts';
import { integritySuite } from './integrity.ts';
import { lifecycleSuite } from './lifecycle.ts';
import { proSuite } from './pro.ts';
import { proxySuite } from './proxy.ts';
import { supervisorSuite } from './supervisor.ts';
import { tamperSuite } from './tamper.ts';
import { tlsSuite } from './tls.ts';
import { unicodeChainSuite } from './unicode-chain.ts';
import { websocketSuite } from './websocket.ts';

export type ConformanceSuite = (ctx: ConformanceContext) => void;

export const allSuites: ConformanceSuite[] = [healthSuite, badInputSuite, guardsSuite, websocketSuite, lifecycleSuite, tlsSuite, analyticsSuite, digestSuite, proSuite, proxySuite, auditSuite, checkpointSuite, supervisorSuite, unicodeChainSuite, integritySuite, hostileHttpSuite, tamperSuite, fuzzSuite];

export { hostContext, type Capabilities, type ConformanceContext } from './context.ts';
