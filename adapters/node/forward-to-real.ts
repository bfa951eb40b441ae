/**
 * For the Node host's light stand-ins of Fetch objects (LightResponse,
 * LightHeaders, the request stand-ins of serve.ts): every member of the
 * native prototype the stand-in does not define itself answers from the real
 * object `real(this)` builds on first use, and the stand-in's prototype
 * inherits from the native one, so it is an `instanceof` the native class.
 */
export function forwardToReal<T extends object>(
  proto: object,
  nativeProto: object,
  real: (self: T) => object,
  keep: ReadonlySet<PropertyKey> = new Set(Reflect.ownKeys(proto)),
): void {
  for (const key of Reflect.ownKeys(nativeProto)) {
    if (key === 'constructor' || keep.has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(nativeProto, key)!;
    const { get, value } = descriptor;
    if (get) {
      Object.defineProperty(proto, key, { ...descriptor, get(this: T) { return get.call(real(this)); } });
    } else if (typeof value === 'function') {
      Object.defineProperty(proto, key, {
        ...descriptor,
        value(this: T, ...args: unknown[]) {
          return (value as (...args: unknown[]) => unknown).apply(real(this), args);
        },
      });
    } else {
      Object.defineProperty(proto, key, descriptor);
    }
  }
  Object.setPrototypeOf(proto, nativeProto);
}
