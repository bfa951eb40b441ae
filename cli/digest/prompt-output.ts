import { Writable } from 'node:stream';

// SGR (colour and style) sequences only: cursor movement stays.
const SGR = /\x1b\[[0-9;]*m/g;

/**
 * The stream the prompts draw on. With colour off (NO_COLOR, --no-color) it
 * strips colour sequences: Node 20's `util.styleText`, which the prompt
 * library uses, ignores NO_COLOR for combined styles.
 */
export function promptOutput(color: boolean, target: NodeJS.WriteStream = process.stdout): NodeJS.WritableStream {
  if (color) return target;
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      target.write(String(chunk).replace(SGR, ''), done);
    },
  });
  for (const key of ['columns', 'rows', 'isTTY'] as const) {
    Object.defineProperty(stream, key, { get: () => target[key] });
  }
  target.on('resize', () => stream.emit('resize'));
  return stream;
}
