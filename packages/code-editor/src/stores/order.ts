/**
 * The one ordering every store iterates in and search merges by: entity type (ENTITY_TYPES
 * order), app id, organisation (global first), path. Search workers stop after max_results + 1
 * matches in this order, so merging their prefixes with the same comparator gives exactly the
 * first max_results matches of a single sequential scan.
 */
import { ENTITY_TYPES, type ContentFilter, type EntityType } from '../types.js';

interface Ordered {
  entityType: EntityType;
  appId?: string;
  organizationId?: string | null;
  path: string;
}

function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

export function compareContentOrder(left: Ordered, right: Ordered): number {
  return (
    ENTITY_TYPES.indexOf(left.entityType) - ENTITY_TYPES.indexOf(right.entityType) ||
    compareStrings(left.appId ?? '', right.appId ?? '') ||
    compareStrings(left.organizationId ?? '', right.organizationId ?? '') ||
    compareStrings(left.path, right.path)
  );
}

/** Filter entity types in iteration order, minus app files when no app is selected. */
export function selectedEntityTypes(filter: ContentFilter): EntityType[] {
  return ENTITY_TYPES.filter(
    (type) => filter.entityTypes.includes(type) && (type !== 'app_file' || filter.appId !== undefined),
  );
}

/** The in-memory form of the filter's path and organisation conditions (the SQL form is in sqlite-store.ts). */
export function matchesFilter(item: Ordered, filter: ContentFilter): boolean {
  if (filter.path !== undefined && item.path !== filter.path) return false;
  if (filter.pathPrefix !== undefined && !item.path.startsWith(filter.pathPrefix)) return false;
  if (item.entityType === 'app_file' && item.appId !== filter.appId) return false;
  if (item.entityType === 'workflow' && filter.workflowOrganizations !== undefined) {
    if (!filter.workflowOrganizations.includes(item.organizationId ?? null)) return false;
  }
  return true;
}
