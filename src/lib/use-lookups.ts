import { useEffect } from 'react';
import { useLiveQuery } from './use-live-query';
import {
  centerOptions,
  centerPointOptions,
  centersLookup,
  centersPointsLookup,
  ensureLookup,
  mealCenterOptions,
  mealCentersLookup,
  tagOptions,
  tagsLookup,
  type CenterOption,
} from '../../sync';
import { useOnline } from './use-store';

/**
 * A lookup kept on the device (the `lookups` table), read by the screen and fetched from
 * the server when online and missing or a day old, so it also opens offline afterwards.
 */
export function useKeptLookup(key: string, path: string): void {
  const online = useOnline();
  useEffect(() => {
    if (online) void ensureLookup(key, path);
  }, [online, key, path]);
}

/**
 * The centers, in the server's order: from the device, and from GET /centers_list when
 * the device has none yet (a screen opened before the shell's first refresh answered).
 */
export function useCenters(): CenterOption[] {
  useKeptLookup(centersLookup.key, centersLookup.path);
  return useLiveQuery(() => centerOptions(), [], []);
}

/** An option of a select. */
export type Option = { value: string; label: string };

/** The centers as select options. */
export const useCenterSelect = (): Option[] => useCenters().map((c) => ({ value: String(c.id), label: c.name }));

/**
 * The meal screens' center select (Meal Management's filter and form): GET /meal_centers
 * (getMealCenters, spec part 2 section 7), kept for offline; every center until it answered.
 */
export function useMealCenterSelect(): Option[] {
  useKeptLookup(mealCentersLookup.key, mealCentersLookup.path);
  useKeptLookup(centersLookup.key, centersLookup.path);
  return useLiveQuery(() => mealCenterOptions(), [], []).map((c) => ({ value: String(c.id), label: c.name }));
}

/** Center names by id. */
export const useCenterNames = (): Map<number, string> => new Map(useCenters().map((c) => [c.id, c.name]));

/** The document tags (GET /tags_all) as select options, from the device, fetched when online. */
export function useTagSelect(): Option[] {
  useKeptLookup(tagsLookup.key, tagsLookup.path);
  return useLiveQuery(() => tagOptions(), [], []).map((t) => ({ value: String(t.id), label: t.name }));
}

/** The center points (GET /centers_points) as the center form's Center options, kept on the device. */
export function useCenterPointSelect(): Option[] {
  useKeptLookup(centersPointsLookup.key, centersPointsLookup.path);
  return useLiveQuery(() => centerPointOptions(), [], []).map((p) => ({
    value: String(p.centertypeId),
    label: p.centername,
  }));
}
