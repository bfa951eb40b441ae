import type { Logger } from '../../core/deps.ts';

/** Structured logs, one JSON object a line, through `write` (stderr on every host: stdout carries only the ready line). */
export function createJsonLogger(write: (line: string) => void = (line) => console.error(line)): Logger {
  const log = (level: string, message: string, fields?: Record<string, unknown>) =>
    write(JSON.stringify({ level, at: new Date().toISOString(), message, ...fields }));
  return {
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
  };
}
