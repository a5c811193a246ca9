/**
 * @mcp-result-kit/code-editor: the code-editor MCP tools (list, search, read lines,
 * get, patch, replace, delete) over a SQLite, filesystem or Postgres store.
 */
export { registerCodeEditorTools, CODE_EDITOR_TOOL_NAMES } from './register.js';
export type { CodeEditorToolsOptions, CodeEditorTools } from './register.js';
export { startCodeEditorServer, CodeEditorServerError, DEFAULT_DATABASE } from './serve.js';
export type { CodeEditorServerOptions, RunningCodeEditorServer, CodeEditorServerErrorCode } from './serve.js';
export { SqliteStore } from './stores/sqlite-store.js';
export type { SqliteStoreOptions } from './stores/sqlite-store.js';
export { FsStore } from './stores/fs-store.js';
export type { FsStoreOptions } from './stores/fs-store.js';
export { PostgresStore } from './stores/postgres-store.js';
export type { PostgresStoreOptions } from './stores/postgres-store.js';
export { TOKEN_ENV } from './http-auth.js';
export { DATABASE_URL_ENV } from './cli-env.js';
export { openStore } from './stores/open-store.js';
export { ENTITY_FOLDERS, FOLDER_LAYOUTS, detectLayout, keyToSegments, segmentsToKey } from './stores/layout.js';
export type { FolderLayout } from './stores/layout.js';
export { importDirectory } from './import.js';
export type { ImportReport, ImportOptions } from './import.js';
export { SearchPool, SearchTimeoutError, DEFAULT_SEARCH_TIMEOUT_MS } from './search/search-pool.js';
export type { SearchPoolOptions, SearchRequest, SearchOutcome } from './search/search-pool.js';
export type { SearchMatch } from './search/scan.js';
export { AccessError, ArgumentError } from './access.js';
export type { AccessContext } from './access.js';
export { planPatch } from './patch.js';
export type { PatchPlan, MatchLocation, NearestCandidate, TextEdit } from './patch.js';
export { regionDiff } from './region-diff.js';
export type { RegionDiffInput } from './region-diff.js';
export { validateContent, checkEntityType, checkSyntax, SyntaxChecker } from './validate.js';
export type { IncrementalEdit, SyntaxCheckCounts } from './validate.js';
export { ENTITY_TYPES, ContentPathError, ContentStoreError } from './types.js';
export type {
  EntityType,
  ContentKey,
  ContentSummary,
  ContentRecord,
  ContentText,
  ContentFilter,
  ContentStore,
  PutOptions,
  PutOutcome,
  DeleteOptions,
  DeleteOutcome,
  StoreDescriptor,
  Shard,
} from './types.js';
