/**
 * Who may touch what. Turns tool arguments into store keys and filters, applying the seed's
 * organisation scoping:
 *
 *   - workflows may belong to an organisation (`organization_id`) or be global;
 *   - modules and text files are global; app files are scoped by `app_id`;
 *   - a caller bound to an organisation (`context.organizationId`) sees global workflows and its
 *     own organisation's, can write only its own, and is refused any other organisation;
 *   - an unbound caller (an operator) sees everything;
 *   - in read-only mode the write tools refuse to run.
 */
import { normalizeContentPath, normalizePathPrefix, validateIdentifier } from './paths.js';
import { ENTITY_TYPES, type ContentFilter, type ContentKey, type EntityType } from './types.js';

export interface AccessContext {
  /** Binds the session to one organisation. */
  organizationId?: string;
  /** Refuse patch_content, replace_content and delete_content. */
  readOnly?: boolean;
}

/** The caller may not do this; the message says why and what is allowed instead. */
export class AccessError extends Error {
  override readonly name = 'AccessError';
}

/** Arguments are individually valid but do not fit together (e.g. app_file without app_id). */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError';
}

export interface KeyArguments {
  /** May be omitted when the store serves only one entity type. */
  entity_type?: EntityType;
  path: string;
  app_id?: string;
  organization_id?: string;
}

export interface FilterArguments {
  entity_type?: EntityType;
  app_id?: string;
  organization_id?: string;
  path?: string;
  path_prefix?: string;
}

function checkOrganization(context: AccessContext, organizationId: string): string {
  validateIdentifier('organization_id', organizationId);
  if (context.organizationId !== undefined && organizationId !== context.organizationId) {
    throw new AccessError(
      `this session is bound to organization ${context.organizationId}; workflows of organization ${organizationId} are not accessible`,
    );
  }
  return organizationId;
}

export function assertWritable(context: AccessContext, tool: string): void {
  if (context.readOnly) {
    throw new AccessError(`${tool} is disabled: the server runs in read-only mode (use search_content, read_content_lines, get_content or list_content)`);
  }
}

/** The entity type a call names, or the only one the store serves; refuses types the store does not serve. */
function servedEntityType(requested: EntityType | undefined, served: readonly EntityType[]): EntityType {
  if (requested === undefined) {
    if (served.length === 1) return served[0];
    throw new ArgumentError(`entity_type is required: one of ${served.join(', ')}`);
  }
  if (!served.includes(requested)) {
    throw new ArgumentError(`entity_type '${requested}' does not exist on this server, which serves ${served.join(', ')}`);
  }
  return requested;
}

/**
 * The store key for a single-file tool; `purpose` decides whether global workflows are
 * writable, `served` is what the store holds (ContentStore.entityTypes).
 */
export function resolveKey(
  args: KeyArguments,
  context: AccessContext,
  purpose: 'read' | 'write',
  served: readonly EntityType[] = ENTITY_TYPES,
): ContentKey {
  const entityType = servedEntityType(args.entity_type, served);
  const path = normalizeContentPath(args.path);
  if (entityType !== 'app_file' && args.app_id !== undefined) {
    throw new ArgumentError(`app_id applies only to entity_type 'app_file', not '${entityType}'; remove it`);
  }
  if (entityType !== 'workflow' && args.organization_id !== undefined) {
    throw new ArgumentError(
      `organization_id applies only to workflows; ${entityType === 'app_file' ? 'app files are scoped by app_id' : `${entityType} files are global`}. Remove organization_id`,
    );
  }
  switch (entityType) {
    case 'app_file':
      if (args.app_id === undefined || args.app_id === '') {
        throw new ArgumentError('app_id is required for app_file entity type');
      }
      return { entityType: 'app_file', appId: validateIdentifier('app_id', args.app_id), path };
    case 'workflow': {
      const organizationId =
        args.organization_id === undefined ? null : checkOrganization(context, args.organization_id);
      if (purpose === 'write' && organizationId === null && context.organizationId !== undefined) {
        throw new AccessError(
          `this session is bound to organization ${context.organizationId} and cannot modify global workflows; pass organization_id "${context.organizationId}" to write your organization's workflow`,
        );
      }
      return { entityType: 'workflow', organizationId, path };
    }
    case 'module':
    case 'text':
      return { entityType, path };
  }
}

/** The filter for list_content and search_content. */
export function resolveFilter(args: FilterArguments, context: AccessContext, served: readonly EntityType[] = ENTITY_TYPES): ContentFilter {
  if (args.entity_type !== undefined) servedEntityType(args.entity_type, served);
  if (args.entity_type === 'app_file' && (args.app_id === undefined || args.app_id === '')) {
    throw new ArgumentError('app_id is required for app_file entity type');
  }
  if (args.entity_type !== undefined && args.entity_type !== 'workflow' && args.organization_id !== undefined) {
    throw new ArgumentError(`organization_id applies only to workflows, not '${args.entity_type}'; remove it or omit entity_type`);
  }
  const filter: ContentFilter = {
    entityTypes: args.entity_type ? [args.entity_type] : served,
  };
  if (args.app_id !== undefined) filter.appId = validateIdentifier('app_id', args.app_id);
  if (args.organization_id !== undefined) {
    filter.workflowOrganizations = [checkOrganization(context, args.organization_id)];
  } else if (context.organizationId !== undefined) {
    filter.workflowOrganizations = [null, context.organizationId];
  }
  if (args.path !== undefined) filter.path = normalizeContentPath(args.path);
  if (args.path_prefix !== undefined) filter.pathPrefix = normalizePathPrefix(args.path_prefix);
  return filter;
}
