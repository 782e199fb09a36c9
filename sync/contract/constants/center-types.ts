/** The four center types of spec part 1, section 2, with their ids (centertypeId). */
export const centerTypes = [
  { id: 1, name: 'Contact Point' },
  { id: 2, name: 'Open Shelter' },
  { id: 3, name: 'Home' },
  { id: 4, name: 'Child Help Line' },
] as const;

/** A center type id: 1 Contact Point, 2 Open Shelter, 3 Home, 4 Child Help Line. */
export type CenterTypeId = (typeof centerTypes)[number]['id'];

/** Ids of the center types, for schemas and selects. */
export const centerTypeIds = centerTypes.map((t) => t.id);

/** The name of a center type, or undefined for an unknown id. */
export function centerTypeName(id: number): string | undefined {
  return centerTypes.find((t) => t.id === id)?.name;
}

/** Enable/disable flag of centers, users and schemes (1 Enable, 0 Disable). */
export const statusFlags = [
  { value: 1, label: 'Enable' },
  { value: 0, label: 'Disable' },
] as const;

/** Scheme status as the SPS screen names it (part 2, section 4). */
export const schemeStatusLabels = { 1: 'Active', 0: 'Inactive' } as const;
