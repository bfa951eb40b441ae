/**
 * Codex's `apply_patch` envelope (`*** Begin Patch` ... `*** End Patch`) read
 * into one tool call per file: Add and Update are writes of the added lines,
 * Delete a FileDelete, `*** Move to:` a FileRename besides the write.
 */
import type { ToolCall } from '../../core/schemas/tool-call.ts';
import { absolute, sha256 } from './tool-calls.ts';

const HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const MOVE = /^\*\*\* Move to: (.+)$/;
/** Patches larger than this are scanned whole as one write of the envelope. */
const MAX_FILES = 200;

export function applyPatchCalls(patch: string, cwd: string | undefined): ToolCall[] {
  const calls: ToolCall[] = [];
  let current: { kind: string; path: string; added: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    if (current.kind === 'Delete') calls.push({ type: 'FileDelete', path: current.path });
    else {
      const content = current.added.join('\n');
      calls.push({ type: 'FileWrite', path: current.path, content_hash: sha256(content), content });
    }
    current = null;
  };
  for (const line of patch.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      flush();
      current = { kind: header[1]!, path: absolute(header[2]!.trim(), cwd), added: [] };
      continue;
    }
    const move = MOVE.exec(line);
    if (move && current) {
      calls.push({ type: 'FileRename', from: current.path, to: absolute(move[1]!.trim(), cwd) });
      current.path = absolute(move[1]!.trim(), cwd);
      continue;
    }
    if (current && line.startsWith('+')) current.added.push(line.slice(1));
  }
  flush();
  return calls.length > 0 && calls.length <= MAX_FILES ? calls : [];
}
