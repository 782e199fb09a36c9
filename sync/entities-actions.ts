import type { EntityDescriptor } from './entities';

/** Sync descriptors of per-child actions, documents and CWC produce/refer (issue 5); spread into `entities`. */
export const actionEntities: Record<string, EntityDescriptor> = {};
