import type { EntityDescriptor } from './entities';

/** Sync descriptors of centers, tags, roles and users (issue 6); spread into `entities`. */
export const adminEntities: Record<string, EntityDescriptor> = {};
