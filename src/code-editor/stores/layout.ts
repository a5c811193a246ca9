/**
 * The folder layout that maps entity types onto a directory tree. FsStore stores files this way
 * and `--import <dir>` reads a tree laid out the same way into the database:
 *
 *   workflows/<path>                 global workflow
 *   workflows/@<organization_id>/<path>  workflow owned by an organisation
 *   modules/<path>                   module (global)
 *   text/<path>                      plain text file (global)
 *   apps/<app_id>/<path>             app file
 *
 * Anything else found by an import becomes a `text` file at its path relative to the import root.
 */
import { normalizeContentPath, validateIdentifier } from '../paths.js';
import { ContentPathError, type ContentKey, type EntityType } from '../types.js';

export const ENTITY_FOLDERS: Readonly<Record<EntityType, string>> = {
  workflow: 'workflows',
  module: 'modules',
  text: 'text',
  app_file: 'apps',
};

/** Organisation folders are marked with '@' so they cannot be confused with a path segment. */
export const ORGANIZATION_FOLDER_MARK = '@';

/** Relative path segments (under the root) where `key` lives. */
export function keyToSegments(key: ContentKey): string[] {
  const pathSegments = normalizeContentPath(key.path).split('/');
  switch (key.entityType) {
    case 'workflow': {
      if (pathSegments[0].startsWith(ORGANIZATION_FOLDER_MARK)) {
        throw new ContentPathError(
          `workflow paths must not start with a folder beginning with '${ORGANIZATION_FOLDER_MARK}' (reserved for organisation folders): ${key.path}`,
        );
      }
      const organization = key.organizationId
        ? [ORGANIZATION_FOLDER_MARK + validateIdentifier('organization_id', key.organizationId)]
        : [];
      return [ENTITY_FOLDERS.workflow, ...organization, ...pathSegments];
    }
    case 'app_file': {
      if (!key.appId) throw new ContentPathError('app_id is required for app_file entity type');
      return [ENTITY_FOLDERS.app_file, validateIdentifier('app_id', key.appId), ...pathSegments];
    }
    case 'module':
    case 'text':
      return [ENTITY_FOLDERS[key.entityType], ...pathSegments];
  }
}

/**
 * The key for a file at `relativePath` (from the layout root), or undefined when the path is
 * not inside one of the entity folders.
 */
export function segmentsToKey(segments: readonly string[]): ContentKey | undefined {
  const [folder, ...rest] = segments;
  if (rest.length === 0) return undefined;
  switch (folder) {
    case ENTITY_FOLDERS.workflow: {
      if (rest[0].startsWith(ORGANIZATION_FOLDER_MARK)) {
        if (rest.length < 2) return undefined;
        return {
          entityType: 'workflow',
          organizationId: rest[0].slice(ORGANIZATION_FOLDER_MARK.length),
          path: rest.slice(1).join('/'),
        };
      }
      return { entityType: 'workflow', organizationId: null, path: rest.join('/') };
    }
    case ENTITY_FOLDERS.module:
      return { entityType: 'module', path: rest.join('/') };
    case ENTITY_FOLDERS.text:
      return { entityType: 'text', path: rest.join('/') };
    case ENTITY_FOLDERS.app_file:
      if (rest.length < 2) return undefined;
      return { entityType: 'app_file', appId: rest[0], path: rest.slice(1).join('/') };
    default:
      return undefined;
  }
}
