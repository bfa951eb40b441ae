import { useEffect, useState } from 'preact/hooks';
import { routeExists } from './route-catalogue.ts';

/** null while unknown, then whether the daemon serves `path` (OpenAPI form, e.g. `/api/inventory/{id}`). */
export function useRouteExists(path: string): boolean | null {
  const [exists, setExists] = useState<boolean | null>(null);
  useEffect(() => {
    let cancelled = false;
    void routeExists(path).then((value) => !cancelled && setExists(value));
    return () => {
      cancelled = true;
    };
  }, [path]);
  return exists;
}
