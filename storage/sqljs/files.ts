/**
 * The few file operations the sql.js store needs, so that the same store runs
 * on Node (`node-files.ts`) and Deno (`deno-files.ts`). Names are plain file
 * names inside one directory; implementations never see a path separator.
 */
export interface AppendFile {
  /** Appends bytes at the end of the file. */
  append(bytes: Uint8Array): Promise<void>;
  /** Forces every appended byte to disk (fdatasync). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** A file read at any offset, synchronously (reads of a few hundred bytes from the page cache). */
export interface ReadAtFile {
  /** Exactly `length` bytes from `offset`; throws when the file ends before. */
  readAt(offset: number, length: number): Uint8Array;
  /** The file's size now. */
  size(): number;
  close(): void;
}

export interface StorageDirectory {
  /** Creates the directory (and parents) when missing. */
  ensure(): Promise<void>;
  /** Entry names, sorted. */
  list(): Promise<string[]>;
  /**
   * File bytes, or null when absent. `room(size)`: bytes the caller would
   * like free after the file's in the same buffer (the returned view's
   * `buffer`), to grow it in place; a hint an implementation may ignore.
   */
  read(name: string, options?: { room?(size: number): number }): Promise<Uint8Array | null>;
  /** Opens for appending, creating the file when missing. */
  openAppend(name: string): Promise<AppendFile>;
  /** Cuts a file to `length` bytes and syncs it. */
  truncate(name: string, length: number): Promise<void>;
  /** Writes a temp file (the chunks one after the other), syncs it, renames it over `name`, syncs the directory. */
  writeAtomic(name: string, bytes: Uint8Array | readonly Uint8Array[]): Promise<void>;
  /** Removes a file; no error when absent. */
  remove(name: string): Promise<void>;
  /** Opens an existing file for synchronous reads at any offset; absent where the host cannot. */
  openReadAt?(name: string): ReadAtFile;
}

/** True for a plain file name (no separators, no dot segments). */
export function isPlainName(name: string): boolean {
  return name.length > 0 && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);
}

/** Throws unless `name` is a plain file name. */
export function assertPlainName(name: string): void {
  if (!isPlainName(name)) throw new Error(`invalid storage file name: ${JSON.stringify(name)}`);
}
