// A minimal MCP stdio server for svc mcp's tests: one tool, `exit`, that ends the
// process with code 3 before answering (a server that crashes mid-call).
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'initialize') send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'exiting', version: '1.0.0' } } });
  else if (m.method === 'tools/list') send({ id: m.id, result: { tools: [{ name: 'exit', inputSchema: { type: 'object' } }] } });
  else if (m.method === 'tools/call') process.exit(3);
  else if (m.id !== undefined) send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
});
