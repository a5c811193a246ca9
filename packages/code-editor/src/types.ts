/**
 * The storage contract shared by the SQLite, filesystem and Postgres stores.
 *
 * Stores know nothing about MCP: they persist text keyed by entity type + path (+ app or
 * organisation scope), keep a sha256 per file, and stream records for search. Access rules
 * (which organisation a caller may see, read-only mode) live in the tool layer.
 */

/** The entity types of the precision-editing seed, plus `text` for plain files. */
export const ENTITY_TYPES = ['workflow', 'module', 'text', 'app_file'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Identifies one stored file. */
export interface ContentKey {
  entityType: EntityType;
  /** Normalised relative path: '/'-separated, no '.', '..' or empty segments. */
  path: string;
  /** Required for `app_file`, absent otherwise. */
  appId?: string;
  /** Only for `workflow`: the owning organisation; absent or null means global. */
  organizationId?: string | null;
}

/** Metadata about one stored file; what `list` returns. */
export interface ContentSummary {
  entityType: EntityType;
  path: string;
  appId?: string;
  organizationId?: string | null;
  /** UTF-8 byte length. */
  size: number;
  /** Line count: '\n'-terminated lines plus a final unterminated one, 0 for an empty file. */
  lines: number;
  sha256: string;
}

/** One stored file with its text. */
export interface ContentRecord extends ContentSummary {
  content: string;
}

/** What search needs of a file: where it is and its text (no hash, which would cost a pass). */
export interface ContentText {
  entityType: EntityType;
  path: string;
  appId?: string;
  organizationId?: string | null;
  content: string;
}

/**
 * Which files an operation covers. Every field narrows the selection; an omitted field does
 * not filter.
 */
export interface ContentFilter {
  /** Entity types to include; order does not matter (results follow ENTITY_TYPES order). */
  entityTypes: readonly EntityType[];
  /** Restricts app files to one app. App files are only included when this is set. */
  appId?: string;
  /**
   * Restricts workflows to these organisations (`null` = global workflows). Omitted means all
   * organisations — only for callers that are not bound to an organisation.
   */
  workflowOrganizations?: ReadonlyArray<string | null>;
  /** Exact path. */
  path?: string;
  /** Path prefix, matched on whole segments when it ends in '/', as a plain prefix otherwise. */
  pathPrefix?: string;
  /**
   * Search hint: every file the caller wants contains each of these strings. iterate() may skip
   * files without them (before decoding or transferring their text); the caller still checks.
   */
  mustContain?: readonly string[];
  /**
   * Search hint: the search pattern itself (JavaScript RegExp syntax, matched line by line). A
   * store may skip files it can prove have no matching line (the Postgres store runs a
   * translation of it in the database); the caller still checks every line it gets.
   */
  searchPattern?: { source: string; caseInsensitive: boolean };
}

/**
 * Splits a search across workers: shard `index` of `count` gets every file whose position in the
 * store's iteration order satisfies `position % count === index` (or an equivalent stable rule).
 */
export interface Shard {
  index: number;
  count: number;
}

export interface PutOptions {
  /** Compare-and-swap: write only if the current sha256 equals this (null = must not exist). */
  expectedSha256?: string | null;
}

export type PutOutcome =
  | { status: 'written'; created: boolean; summary: ContentSummary }
  | { status: 'conflict'; currentSha256: string | null };

export interface DeleteOptions {
  expectedSha256?: string;
}

export type DeleteOutcome =
  | { status: 'deleted' }
  | { status: 'not_found' }
  | { status: 'conflict'; currentSha256: string };

/**
 * Enough to reopen the same store inside a worker thread. An `fs` descriptor without `layout`
 * is the entity layout (what every fs descriptor meant before plain folders existed).
 */
export type StoreDescriptor =
  | { kind: 'sqlite'; file: string }
  | { kind: 'fs'; root: string; layout?: 'entities' | 'plain' }
  | { kind: 'postgres'; url: string };

export interface ContentStore {
  readonly descriptor: StoreDescriptor;
  /**
   * The entity types this store can hold, when it holds fewer than all of ENTITY_TYPES (a plain
   * folder holds only 'text'). The tools offer only these. Omitted: all of them.
   */
  readonly entityTypes?: readonly EntityType[];
  list(filter: ContentFilter): Promise<ContentSummary[]>;
  get(key: ContentKey): Promise<ContentRecord | undefined>;
  put(key: ContentKey, content: string, options?: PutOptions): Promise<PutOutcome>;
  delete(key: ContentKey, options?: DeleteOptions): Promise<DeleteOutcome>;
  /**
   * Streams matching files one at a time, in ENTITY_TYPES order then app id, organisation and
   * path, so a search never holds more than one file's text. Runs inside a search worker, where
   * blocking is the point: SQLite and the folder store iterate synchronously; a store whose
   * driver is asynchronous (Postgres) returns an async iterable, and callers use `for await`,
   * which accepts both. Stopping early (break) must release whatever the iteration holds.
   */
  iterate(filter: ContentFilter, shard?: Shard): Iterable<ContentText> | AsyncIterable<ContentText>;
  /**
   * Optional: opens connections ahead of the first request. Search workers call it as they
   * start, so a search's deadline is not spent connecting.
   */
  warm?(): Promise<void>;
  /** Releases connections and handles; a store with asynchronous connections returns a promise. */
  close(): void | Promise<void>;
}

/** Thrown for a path or identifier a store refuses; the message is shown to the caller. */
export class ContentPathError extends Error {
  override readonly name = 'ContentPathError';
}

/** Thrown by stores for unexpected storage failures (I/O, corrupt database). */
export class ContentStoreError extends Error {
  override readonly name = 'ContentStoreError';
}
