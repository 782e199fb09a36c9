import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import { ensureGeo, readGeo, type GeoKind } from '../../../../sync';
import { useOnline } from '../../../lib/use-store';
import type { Option } from '../../../lib/use-lookups';

/** A location list as select options: from the device, fetched (and kept) when online. */
export function useGeoOptions(kind: GeoKind, parentId?: string | null): Option[] {
  const online = useOnline();
  useEffect(() => {
    if (online) void ensureGeo(kind, parentId);
  }, [online, kind, parentId]);
  const rows = useLiveQuery(() => readGeo(kind, parentId), [kind, parentId]);
  return (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
}
