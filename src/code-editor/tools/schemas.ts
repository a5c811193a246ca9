/**
 * Zod input fields shared by the tools, and the output schemas.
 *
 * Output schemas are loose objects whose fields are all optional and which include `error` and
 * the error extras: the SDK 1.x Client validates structuredContent of error results against the
 * outputSchema too (typescript-sdk#1943), so one schema has to accept both shapes.
 *
 * Range checks (start_line >= 1, max_results <= 500, ...) are done in the handlers rather than
 * with .min()/.max(), so a bad value gets this kit's "Error: ..." message that says what to send.
 */
import { z } from 'zod';
import { ENTITY_TYPES } from '../types.js';

export const entityTypeField = z
  .enum(ENTITY_TYPES)
  .describe("Type of entity: 'workflow', 'module', 'text' or 'app_file'. Must match the content (a workflow has a @workflow decorator, a module must not).");

export const pathField = z.string().describe("File path, relative, '/'-separated (e.g. 'features/sync_tickets.py')");

export const appIdField = z
  .string()
  .optional()
  .describe('For app_file: the app id (required). Not used by other entity types.');

export const organizationIdField = z
  .string()
  .optional()
  .describe('For workflow: the organization id; omit for a global workflow. Not applicable to modules, text or app files.');

export const expectedShaField = z
  .string()
  .optional()
  .describe('Optional sha256 of the content you last read (get_content, read_content_lines or a previous edit). If the file changed since, nothing is written and a conflict error is returned.');

export const formatField = z
  .enum(['readable', 'structured', 'both'])
  .optional()
  .describe("Result format: 'readable' (display text), 'structured' (JSON text + structuredContent) or 'both'. Defaults to the server setting.");

const errorFields = {
  error: z.string().optional().describe('Set on failure: what went wrong and what to do.'),
  error_code: z.string().optional().describe('Set on failure: a stable code such as not_found, conflict or invalid_argument.'),
};

const scopeFields = {
  path: z.string().optional(),
  entity_type: z.enum(ENTITY_TYPES).optional(),
  app_id: z.string().optional(),
  organization_id: z.string().nullable().optional(),
};

const fileSummary = z.looseObject({
  entity_type: z.enum(ENTITY_TYPES),
  path: z.string(),
  app_id: z.string().optional(),
  organization_id: z.string().nullable().optional(),
  size: z.number(),
  lines: z.number(),
  sha256: z.string(),
});

const searchMatch = z.looseObject({
  entity_type: z.enum(ENTITY_TYPES),
  path: z.string(),
  app_id: z.string().optional(),
  organization_id: z.string().nullable().optional(),
  line_number: z.number(),
  match: z.string(),
  context_before: z.array(z.string()),
  context_after: z.array(z.string()),
});

export const listOutput = z.looseObject({
  files: z.array(fileSummary).optional(),
  count: z.number().optional(),
  ...errorFields,
});

export const searchOutput = z.looseObject({
  matches: z.array(searchMatch).optional(),
  total_matches: z.number().optional(),
  truncated: z.boolean().optional(),
  files_scanned: z.number().optional(),
  ...errorFields,
});

export const readLinesOutput = z.looseObject({
  ...scopeFields,
  start_line: z.number().optional(),
  end_line: z.number().optional(),
  total_lines: z.number().optional(),
  content: z.string().optional(),
  sha256: z.string().optional(),
  ...errorFields,
});

export const getOutput = z.looseObject({
  ...scopeFields,
  start_line: z.number().optional(),
  end_line: z.number().optional(),
  total_lines: z.number().optional(),
  size: z.number().optional(),
  sha256: z.string().optional(),
  content: z.string().optional(),
  truncated: z.boolean().optional(),
  warning: z.string().optional(),
  next_offset: z.number().optional(),
  ...errorFields,
});

const editConflictFields = {
  expected_sha256: z.string().optional(),
  current_sha256: z.string().nullable().optional(),
};

export const patchOutput = z.looseObject({
  success: z.boolean().optional(),
  ...scopeFields,
  lines_changed: z.number().optional(),
  replacements: z.number().optional(),
  first_line: z.number().optional(),
  sha256: z.string().optional(),
  match_count: z.number().optional(),
  match_locations: z.array(z.object({ line: z.number(), preview: z.string() })).optional(),
  nearest_candidate: z
    .object({ line: z.number(), preview: z.string(), similarity: z.number() })
    .optional(),
  ...editConflictFields,
  ...errorFields,
});

export const replaceOutput = z.looseObject({
  success: z.boolean().optional(),
  ...scopeFields,
  created: z.boolean().optional(),
  sha256: z.string().optional(),
  size: z.number().optional(),
  total_lines: z.number().optional(),
  ...editConflictFields,
  ...errorFields,
});

export const deleteOutput = z.looseObject({
  success: z.boolean().optional(),
  ...scopeFields,
  ...editConflictFields,
  ...errorFields,
});

export const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;
