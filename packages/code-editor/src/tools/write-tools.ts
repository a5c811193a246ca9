/** The write tools: patch_content, replace_content, delete_content. */
import { assertWritable, resolveKey } from '../access.js';
import { planPatch } from '../patch.js';
import { regionDiff } from '../region-diff.js';
import type { ContentKey } from '../types.js';
import { validateContent, type IncrementalEdit } from '../validate.js';
import { validationSummary } from './schemas.js';
import type { ToolServer } from './tool-server.js';
import {
  checkExpectedSha,
  conflict,
  guarded,
  notFound,
  respond,
  scopeData,
  ToolFailure,
  type ToolRuntime,
} from './runtime.js';

/**
 * Without expected_sha256, patch_content still writes compare-and-swap against the version it
 * read, and re-applies the edit to the newer text if another writer got in between. This many
 * attempts is plenty for interactive use and bounds the work under a write storm.
 */
const PATCH_ATTEMPTS = 5;

function rejectInvalid(runtime: ToolRuntime, key: ContentKey, content: string, action: string, incremental?: IncrementalEdit): void {
  const problem = validateContent(key.entityType, key.path, content, runtime.syntax, incremental);
  if (problem) throw new ToolFailure(`${action} rejected, nothing was saved: ${problem}`, 'validation_failed');
}

export function registerWriteTools(server: ToolServer, runtime: ToolRuntime): void {
  const { store, context } = runtime;
  const { vocabulary, inputs, outputs } = runtime.schemas;
  const served = vocabulary.served;

  server.registerTool(
    'patch_content',
    {
      title: 'Patch Content',
      description:
        `Surgical edit: replace old_string with new_string. The old_string must be unique in the file (or set replace_all). Include enough context to ensure uniqueness. Line endings are normalised for matching, the file keeps its own. The edited file is validated (${validationSummary(vocabulary)}) and nothing is saved if it fails. Returns a unified diff of the edited region and the new sha256 (pass it as expected_sha256 to the next edit). Use replace_content if patch fails due to syntax issues.`,
      inputSchema: inputs.patch,
      outputSchema: runtime.declaresOutputSchema ? outputs.patch : undefined,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    guarded(runtime, 'patch_content', async (args) => {
      assertWritable(context, 'patch_content');
      const key = resolveKey(args, context, 'write', served);
      if (args.old_string === '') {
        throw new ToolFailure('old_string must not be empty; use replace_content to write a whole file', 'invalid_argument');
      }
      if (args.old_string === args.new_string) {
        throw new ToolFailure('old_string and new_string are identical; nothing to change', 'invalid_argument');
      }
      const expected = checkExpectedSha(args.expected_sha256);
      for (let attempt = 1; attempt <= PATCH_ATTEMPTS; attempt++) {
        const record = await store.get(key);
        if (!record) throw notFound(key);
        if (expected !== undefined && expected !== record.sha256) throw conflict(key, expected, record.sha256);
        const plan = planPatch(record.content, args.old_string, args.new_string, args.replace_all ?? false);
        if (plan.kind === 'not_found') {
          const hint = plan.nearest
            ? ` The closest line is ${plan.nearest.line}: "${plan.nearest.preview}" (similarity ${plan.nearest.similarity}). Check whitespace and indentation, or copy the text from read_content_lines.`
            : ' No similar line exists; find the text with search_content first.';
          throw new ToolFailure(
            `old_string not found in ${key.path}.${hint}`,
            'not_found',
            plan.nearest ? { nearest_candidate: { ...plan.nearest } } : {},
          );
        }
        if (plan.kind === 'ambiguous') {
          const lines = plan.locations.map((location) => location.line).join(', ');
          throw new ToolFailure(
            `old_string matches ${plan.count} locations (lines ${lines}${plan.count > plan.locations.length ? ', …' : ''}). Include more context to make it unique, or set replace_all: true.`,
            'ambiguous',
            { match_count: plan.count, match_locations: plan.locations.map((location) => ({ ...location })) },
          );
        }
        rejectInvalid(runtime, key, plan.content, 'patch', { baseSha256: record.sha256, edit: plan.edit });
        const outcome = await store.put(key, plan.content, { expectedSha256: record.sha256 });
        if (outcome.status === 'conflict') {
          if (expected !== undefined) throw conflict(key, expected, outcome.currentSha256);
          runtime.log(`patch_content: ${key.path} changed during attempt ${attempt}; re-applying`);
          continue;
        }
        runtime.syntax.written(plan.content, outcome.summary.sha256);
        const diff = regionDiff({
          path: key.path,
          text: plan.viewText,
          offsets: plan.viewOffsets,
          lines: plan.lines,
          oldText: plan.oldText,
          newText: plan.newText,
        });
        const where = plan.replacements > 1 ? `${plan.replacements} replacements` : `line ${plan.firstLine}`;
        const display = `Updated ${key.path} (${where})\n${diff}\nsha256: ${outcome.summary.sha256}`;
        return respond(runtime, args.format, display, {
          success: true,
          ...scopeData(key),
          lines_changed: plan.linesChanged,
          replacements: plan.replacements,
          first_line: plan.firstLine,
          sha256: outcome.summary.sha256,
          diff,
        });
      }
      throw new ToolFailure(
        `${key.path} kept changing while the patch was applied (${PATCH_ATTEMPTS} attempts); re-read it and retry`,
        'conflict',
      );
    }),
  );

  server.registerTool(
    'replace_content',
    {
      title: 'Replace Content',
      description:
        `Replace entire file content or create new file. Validates before writing: ${validationSummary(vocabulary)}. Use when: (1) creating new files, (2) patch_content fails due to syntax issues, (3) file is small and full replacement is simpler. Prefer patch_content for targeted edits.`,
      inputSchema: inputs.replace,
      outputSchema: runtime.declaresOutputSchema ? outputs.replace : undefined,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(runtime, 'replace_content', async (args) => {
      assertWritable(context, 'replace_content');
      const key = resolveKey(args, context, 'write', served);
      const expected = checkExpectedSha(args.expected_sha256);
      rejectInvalid(runtime, key, args.content, 'replace_content');
      const outcome = await store.put(key, args.content, { expectedSha256: expected });
      if (outcome.status === 'conflict') throw conflict(key, expected ?? '', outcome.currentSha256);
      runtime.syntax.written(args.content, outcome.summary.sha256);
      const { summary, created } = outcome;
      const display = `${created ? 'Created' : 'Updated'} ${key.path} (${summary.lines} lines, ${summary.size} bytes)\nsha256: ${summary.sha256}`;
      return respond(runtime, args.format, display, {
        success: true,
        ...scopeData(key),
        created,
        sha256: summary.sha256,
        size: summary.size,
        total_lines: summary.lines,
      });
    }),
  );

  server.registerTool(
    'delete_content',
    {
      title: 'Delete Content',
      description: 'Delete a file. Fails with a not-found error if it does not exist.',
      inputSchema: inputs.delete,
      outputSchema: runtime.declaresOutputSchema ? outputs.delete : undefined,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(runtime, 'delete_content', async (args) => {
      assertWritable(context, 'delete_content');
      const key = resolveKey(args, context, 'write', served);
      const expected = checkExpectedSha(args.expected_sha256);
      const outcome = await store.delete(key, { expectedSha256: expected });
      if (outcome.status === 'not_found') throw notFound(key);
      if (outcome.status === 'conflict') throw conflict(key, expected ?? '', outcome.currentSha256);
      return respond(runtime, args.format, `Deleted ${key.path}`, { success: true, ...scopeData(key) });
    }),
  );
}
