/** Thrown at open when the snapshot or a sealed journal file is damaged beyond a torn tail. */
export class StorageCorruptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageCorruptError';
  }
}
