/**
 * How a folder maps onto entity types. Two layouts:
 *
 * `entities` (the seed's entity folders; FsStore stores files this way and `--import` reads a
 * tree laid out the same way):
 *
 *   workflows/<path>                 global workflow
 *   workflows/@<organization_id>/<path>  workflow owned by an organisation
 *   modules/<path>                   module (global)
 *   text/<path>                      plain text file (global)
 *   apps/<app_id>/<path>             app file
 *
 * `plain` (an ordinary project folder): every file is a `text` file at its path relative to the
 * root. One entity type keeps the tools simple (no entity_type to choose) and keeps the
 * workflow/module decorator rule, which is about the seed's entities, away from ordinary code;
 * TypeScript, JavaScript and JSON are still syntax-checked on write, by extension.
 *
 * Unless told, a folder is served in the entity layout when everything directly in it (dot
 * entries aside) is one of the entity folders, and as a plain folder otherwise (so an empty
 * folder is plain).
 */
import fs from 'node:fs';
import { normalizeContentPath, validateIdentifier } from '../paths.js';
import { ContentPathError, ENTITY_TYPES, type ContentKey, type EntityType } from '../types.js';

export const ENTITY_FOLDERS: Readonly<Record<EntityType, string>> = {
  workflow: 'workflows',
  module: 'modules',
  text: 'text',
  app_file: 'apps',
};

export const FOLDER_LAYOUTS = ['entities', 'plain'] as const;
export type FolderLayout = (typeof FOLDER_LAYOUTS)[number];

/** The entity types a folder in `layout` can hold. */
export function layoutEntityTypes(layout: FolderLayout): readonly EntityType[] {
  return layout === 'plain' ? ['text'] : ENTITY_TYPES;
}

const ENTITY_FOLDER_NAMES = new Set(Object.values(ENTITY_FOLDERS));

/** The layout of an existing folder, by the rule in the header comment. */
export function detectLayout(root: string): FolderLayout {
  const entries = fs.readdirSync(root, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));
  const onlyEntityFolders =
    entries.length > 0 && entries.every((entry) => entry.isDirectory() && ENTITY_FOLDER_NAMES.has(entry.name));
  return onlyEntityFolders ? 'entities' : 'plain';
}

/** Why a layout was chosen, for the start-up line. */
export function describeLayout(layout: FolderLayout, detected: boolean): string {
  const how = detected ? 'detected' : 'chosen';
  return layout === 'plain'
    ? `layout plain (${how}): every file is entity_type 'text' at its path; .gitignore, .git and node_modules are skipped`
    : `layout entities (${how}): workflows/, modules/, text/ and apps/<app_id>/ hold the four entity types`;
}

/** Relative path segments (under the root) of `key` in a plain folder. */
export function plainKeyToSegments(key: ContentKey): string[] {
  if (key.entityType !== 'text') {
    throw new ContentPathError(
      `entity_type '${key.entityType}' does not exist in this folder: it is served as a plain folder, where every file is entity_type 'text'. Use entity_type 'text' (or serve the folder with --layout entities)`,
    );
  }
  return normalizeContentPath(key.path).split('/');
}


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
