/**
 * Input and output schemas of the tools, built for the entity types the store serves: a plain
 * folder serves only `text`, so its tools offer no workflow, module or app fields, and
 * `entity_type` may be omitted there.
 *
 * Output schemas are loose objects whose fields are all optional and which include `error` and
 * the error extras: the SDK 1.x Client validates structuredContent of error results against the
 * outputSchema too (typescript-sdk#1943), so one schema has to accept both shapes.
 *
 * Range checks (start_line >= 1, max_results <= 500, ...) are done in the handlers rather than
 * with .min()/.max(), so a bad value gets this kit's "Error: ..." message that says what to send.
 */
import { z } from 'zod';
import type { ResultFormat } from 'mcp-result-kit';
import type { EntityType } from '../types.js';

/** What the tools say about the entity types being served. */
export interface EntityVocabulary {
  served: readonly EntityType[];
  /** The one type of a store that serves only one (a plain folder: 'text'). */
  only: EntityType | undefined;
  workflows: boolean;
  modules: boolean;
  apps: boolean;
}

export function entityVocabulary(served: readonly EntityType[]): EntityVocabulary {
  return {
    served,
    only: served.length === 1 ? served[0] : undefined,
    workflows: served.includes('workflow'),
    modules: served.includes('module'),
    apps: served.includes('app_file'),
  };
}

function quoted(types: readonly string[]): string {
  const names = types.map((type) => `'${type}'`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** What replace_content and patch_content check before writing, in this vocabulary. */
export function validationSummary(vocabulary: EntityVocabulary): string {
  const decorator =
    vocabulary.workflows || vocabulary.modules ? 'a workflow must have a @workflow decorator, a module must not, and ' : '';
  return `${decorator}.ts/.tsx/.js/.json content must parse`;
}

export interface FileArgs {
  entity_type?: EntityType;
  path: string;
  app_id?: string;
  organization_id?: string;
  format?: ResultFormat;
}

export interface ListArgs {
  entity_type?: EntityType;
  app_id?: string;
  organization_id?: string;
  path_prefix?: string;
  format?: ResultFormat;
}

export interface SearchArgs extends ListArgs {
  pattern: string;
  path?: string;
  context_lines?: number;
  max_results?: number;
  case_insensitive?: boolean;
}

export interface ReadLinesArgs extends FileArgs {
  start_line?: number;
  end_line?: number;
}

export interface GetArgs extends FileArgs {
  offset?: number;
}

export interface PatchArgs extends FileArgs {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
  expected_sha256?: string;
}

export interface ReplaceArgs extends FileArgs {
  content: string;
  expected_sha256?: string;
}

export interface DeleteArgs extends FileArgs {
  expected_sha256?: string;
}

export const formatField = z
  .enum(['readable', 'structured', 'both'])
  .optional()
  .describe("Result format: 'readable' (display text), 'structured' (JSON text + structuredContent) or 'both'. Defaults to the server setting.");

export const expectedShaField = z
  .string()
  .optional()
  .describe('Optional sha256 of the content you last read (get_content, read_content_lines or a previous edit). If the file changed since, nothing is written and a conflict error is returned.');

function entityTypeEnum(vocabulary: EntityVocabulary) {
  return z.enum(vocabulary.served);
}

type ScopeField = 'entity_type' | 'app_id' | 'organization_id';

/** The scope fields that mean nothing here, for ZodObject#omit. */
function absentFields(vocabulary: EntityVocabulary, entityTypeOptional: boolean): Partial<Record<ScopeField, true>> {
  const absent: Partial<Record<ScopeField, true>> = {};
  if (!vocabulary.apps) absent.app_id = true;
  if (!vocabulary.workflows) absent.organization_id = true;
  if (vocabulary.only && !entityTypeOptional) absent.entity_type = true;
  return absent;
}

/** entity_type, path, app_id and organization_id of a single-file tool (absent ones are omitted later). */
function fileFields(vocabulary: EntityVocabulary) {
  const entityType = vocabulary.only
    ? entityTypeEnum(vocabulary)
        .optional()
        .describe(`Always '${vocabulary.only}' on this server (a plain folder: every file is a text file); may be omitted.`)
    : entityTypeEnum(vocabulary).describe(
        `Type of entity: ${quoted(vocabulary.served)}.${vocabulary.workflows ? ' Must match the content (a workflow has a @workflow decorator, a module must not).' : ''}`,
      );
  return {
    entity_type: entityType,
    path: z
      .string()
      .describe(
        vocabulary.only
          ? "File path relative to the served folder, '/'-separated (e.g. 'src/index.ts')"
          : "File path, relative, '/'-separated (e.g. 'features/sync_tickets.py')",
      ),
    app_id: z.string().optional().describe('For app_file: the app id (required). Not used by other entity types.'),
    organization_id: z
      .string()
      .optional()
      .describe('For workflow: the organization id; omit for a global workflow. Not applicable to modules, text or app files.'),
  };
}

/** entity_type, app_id, organization_id and path_prefix filters of list_content and search_content. */
function filterFields(vocabulary: EntityVocabulary, tool: 'list' | 'search') {
  return {
    entity_type: entityTypeEnum(vocabulary)
      .optional()
      .describe(
        tool === 'list'
          ? `Only this entity type (omit for all${vocabulary.apps ? '; app files need app_id' : ''})`
          : `Type of entity to search. Optional - omit to search all types${vocabulary.apps ? ' (except app_file which requires app_id)' : ''}`,
      ),
    app_id: z
      .string()
      .optional()
      .describe(
        tool === 'list'
          ? 'Include the files of this app (required for entity_type app_file)'
          : 'For app_file: the app id (required for app_file; with no entity_type it adds that app to the search)',
      ),
    organization_id: z
      .string()
      .optional()
      .describe(tool === 'list' ? 'Only workflows of this organization' : 'For workflow: limit to this organization (optional). Not applicable to modules or text.'),
    path_prefix: z.string().optional().describe(tool === 'list' ? "Only paths starting with this; end it with '/' for a folder" : "Only files whose path starts with this; end it with '/' for a folder"),
  };
}

/**
 * A whole number, advertised as `{ type: 'integer' }` with no bound: zod's .int() would publish
 * ±Number.MAX_SAFE_INTEGER as minimum and maximum, which a client shows as the range. The real
 * ranges are checked by the handlers (see the top of this file).
 */
function wholeNumber(): z.ZodNumber {
  return z.number().refine(Number.isInteger, { error: 'expected a whole number' }).meta({ type: 'integer' });
}

function listInput(vocabulary: EntityVocabulary): z.ZodType<ListArgs> {
  return z.object({ ...filterFields(vocabulary, 'list'), format: formatField }).omit(absentFields(vocabulary, false));
}

function searchInput(vocabulary: EntityVocabulary): z.ZodType<SearchArgs> {
  return z
    .object({
      pattern: z.string().describe("Regex pattern to search for (e.g., 'def get_.*agent', 'useWorkflow')"),
      ...filterFields(vocabulary, 'search'),
      path: z.string().optional().describe('Filter to a specific file path (optional - searches all if omitted)'),
      context_lines: wholeNumber().optional().describe('Number of lines to show before and after each match (default: 3, max 20)'),
      max_results: wholeNumber().optional().describe('Maximum number of matches to return across all files (default: 20, max 500)'),
      case_insensitive: z.boolean().optional().describe('Match letters regardless of case (default: false)'),
      format: formatField,
    })
    .omit(absentFields(vocabulary, false));
}

function readLinesInput(vocabulary: EntityVocabulary): z.ZodType<ReadLinesArgs> {
  return z
    .object({
      ...fileFields(vocabulary),
      start_line: wholeNumber().optional().describe('First line to read (1-indexed, default 1)'),
      end_line: wholeNumber().optional().describe('Last line to read (defaults to start_line + 100; clamped to the end of the file)'),
      format: formatField,
    })
    .omit(absentFields(vocabulary, true));
}

function getInput(vocabulary: EntityVocabulary): z.ZodType<GetArgs> {
  return z
    .object({
      ...fileFields(vocabulary),
      offset: wholeNumber().optional().describe('Line to start from (1-indexed, default 1); pass next_offset from a truncated result'),
      format: formatField,
    })
    .omit(absentFields(vocabulary, true));
}

function patchInput(vocabulary: EntityVocabulary): z.ZodType<PatchArgs> {
  return z
    .object({
      ...fileFields(vocabulary),
      old_string: z.string().describe('Exact string to find and replace (must be unique in file unless replace_all is true)'),
      new_string: z.string().describe('Replacement string, inserted literally ($& and $1 are not expanded)'),
      replace_all: z.boolean().optional().describe('Replace every occurrence instead of requiring exactly one (default: false)'),
      expected_sha256: expectedShaField,
      format: formatField,
    })
    .omit(absentFields(vocabulary, true));
}

function replaceInput(vocabulary: EntityVocabulary): z.ZodType<ReplaceArgs> {
  return z
    .object({ ...fileFields(vocabulary), content: z.string().describe('New file content'), expected_sha256: expectedShaField, format: formatField })
    .omit(absentFields(vocabulary, true));
}

function deleteInput(vocabulary: EntityVocabulary): z.ZodType<DeleteArgs> {
  return z.object({ ...fileFields(vocabulary), expected_sha256: expectedShaField, format: formatField }).omit(absentFields(vocabulary, true));
}

// ---------------------------------------------------------------- output schemas

const errorFields = {
  error: z.string().optional().describe('Set on failure: what went wrong and what to do.'),
  error_code: z.string().optional().describe('Set on failure: a stable code such as not_found, conflict or invalid_argument.'),
};

const editConflictFields = {
  expected_sha256: z.string().optional(),
  current_sha256: z.string().nullable().optional(),
};

function scopeFields(vocabulary: EntityVocabulary) {
  return {
    path: z.string().optional(),
    entity_type: entityTypeEnum(vocabulary).optional(),
    app_id: z.string().optional(),
    organization_id: z.string().nullable().optional(),
  };
}

export interface OutputSchemas {
  list: z.ZodType;
  search: z.ZodType;
  readLines: z.ZodType;
  get: z.ZodType;
  patch: z.ZodType;
  replace: z.ZodType;
  delete: z.ZodType;
}

function outputSchemas(vocabulary: EntityVocabulary): OutputSchemas {
  const scope = scopeFields(vocabulary);
  const fileSummary = z.looseObject({ ...scope, path: z.string(), entity_type: entityTypeEnum(vocabulary), size: z.number(), lines: z.number(), sha256: z.string() });
  const searchMatch = z.looseObject({
    ...scope,
    path: z.string(),
    entity_type: entityTypeEnum(vocabulary),
    line_number: z.number(),
    match: z.string(),
    context_before: z.array(z.string()),
    context_after: z.array(z.string()),
  });
  const lineRange = { start_line: z.number().optional(), end_line: z.number().optional(), total_lines: z.number().optional() };
  return {
    list: z.looseObject({ files: z.array(fileSummary).optional(), count: z.number().optional(), ...errorFields }),
    search: z.looseObject({
      matches: z.array(searchMatch).optional(),
      total_matches: z.number().optional(),
      truncated: z.boolean().optional(),
      files_scanned: z.number().optional(),
      ...errorFields,
    }),
    readLines: z.looseObject({ ...scope, ...lineRange, content: z.string().optional(), sha256: z.string().optional(), ...errorFields }),
    get: z.looseObject({
      ...scope,
      ...lineRange,
      size: z.number().optional(),
      sha256: z.string().optional(),
      content: z.string().optional(),
      truncated: z.boolean().optional(),
      warning: z.string().optional(),
      next_offset: z.number().optional(),
      ...errorFields,
    }),
    patch: z.looseObject({
      success: z.boolean().optional(),
      ...scope,
      lines_changed: z.number().optional(),
      replacements: z.number().optional(),
      first_line: z.number().optional(),
      sha256: z.string().optional().describe('sha256 of the file after the patch: pass it as expected_sha256 to the next edit'),
      diff: z.string().optional().describe('Unified diff of the edited region(s), 3 lines of context'),
      match_count: z.number().optional(),
      match_locations: z.array(z.object({ line: z.number(), preview: z.string() })).optional(),
      nearest_candidate: z.object({ line: z.number(), preview: z.string(), similarity: z.number() }).optional(),
      ...editConflictFields,
      ...errorFields,
    }),
    replace: z.looseObject({
      success: z.boolean().optional(),
      ...scope,
      created: z.boolean().optional(),
      sha256: z.string().optional(),
      size: z.number().optional(),
      total_lines: z.number().optional(),
      ...editConflictFields,
      ...errorFields,
    }),
    delete: z.looseObject({ success: z.boolean().optional(), ...scope, ...editConflictFields, ...errorFields }),
  };
}

export interface ToolSchemas {
  vocabulary: EntityVocabulary;
  inputs: {
    list: z.ZodType<ListArgs>;
    search: z.ZodType<SearchArgs>;
    readLines: z.ZodType<ReadLinesArgs>;
    get: z.ZodType<GetArgs>;
    patch: z.ZodType<PatchArgs>;
    replace: z.ZodType<ReplaceArgs>;
    delete: z.ZodType<DeleteArgs>;
  };
  outputs: OutputSchemas;
}

const builtSchemas = new Map<string, ToolSchemas>();

/**
 * Every schema for a set of served entity types, built once per set: the HTTP transport
 * registers the tools on a new McpServer for every request.
 */
export function toolSchemas(served: readonly EntityType[]): ToolSchemas {
  const cacheKey = served.join(',');
  let schemas = builtSchemas.get(cacheKey);
  if (!schemas) {
    const vocabulary = entityVocabulary(served);
    schemas = {
      vocabulary,
      inputs: {
        list: listInput(vocabulary),
        search: searchInput(vocabulary),
        readLines: readLinesInput(vocabulary),
        get: getInput(vocabulary),
        patch: patchInput(vocabulary),
        replace: replaceInput(vocabulary),
        delete: deleteInput(vocabulary),
      },
      outputs: outputSchemas(vocabulary),
    };
    builtSchemas.set(cacheKey, schemas);
  }
  return schemas;
}

export const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;
