/** Reads a hook payload from stdin, bounded (a payload is a few KiB; a Write may carry a file). */
import { HookInputError } from './hook-event.ts';

export const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

export async function readStdin(stream: NodeJS.ReadableStream = process.stdin, max = MAX_PAYLOAD_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > max) throw new HookInputError(`the hook input is larger than ${max} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
