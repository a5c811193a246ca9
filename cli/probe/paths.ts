/**
 * Paths that exist, for path-like parameters of generated calls: `{"path": "example"}` gets "not
 * found" from every file tool, so its success path is never tried. A file and a folder under the
 * server's folder (`--cwd`, best a scratch copy) are used instead; values the schema gives
 * (const, default, examples, enum) and constrained strings (pattern, format) are left alone.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isObject } from './result-view.js';
import type { Json, JsonObject } from './types.js';

export interface PathSamples {
  folder: string;
  file?: string;
}

/** Files people keep at a project's top, tried first: small, text, always readable. */
const PREFERRED_FILES = ['README.md', 'package.json', 'LICENSE'];

/** The folder itself, and a file in it (or one level down); absolute, so the server's own folder does not matter. */
export function pathSamples(root: string): PathSamples {
  const folder = path.resolve(root);
  const isFile = (file: string) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  const entries = (dir: string) => {
    try {
      return readdirSync(dir).filter((name) => !name.startsWith('.') && name !== 'node_modules').sort();
    } catch {
      return [];
    }
  };
  const top = entries(folder);
  const preferred = PREFERRED_FILES.find((name) => top.includes(name) && isFile(path.join(folder, name)));
  let file = preferred ? path.join(folder, preferred) : top.map((name) => path.join(folder, name)).find(isFile);
  for (const name of top) {
    if (file) break;
    file = entries(path.join(folder, name))
      .map((child) => path.join(folder, name, child))
      .find(isFile);
  }
  return { folder, ...(file ? { file } : {}) };
}

type PathKind = 'file' | 'folder';

const FOLDER_WORDS = new Set(['dir', 'directory', 'folder', 'root', 'cwd', 'workdir', 'dirs', 'directories', 'folders']);
const FILE_WORDS = new Set(['file', 'files', 'filename', 'filepath', 'path', 'paths']);

/** What a parameter named so holds, from its words and the tool's name (a bare `path` of `list_directory` is a folder). */
export function pathKind(parameter: string, tool: string): PathKind | undefined {
  const words = parameter
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\-\s]+/)
    .filter(Boolean);
  const last = words.at(-1) ?? '';
  const before = words.at(-2) ?? '';
  if (FOLDER_WORDS.has(last) || (['path', 'name'].includes(last) && FOLDER_WORDS.has(before))) return 'folder';
  if (!FILE_WORDS.has(last)) return undefined;
  if ((last === 'path' || last === 'paths') && words.length === 1) return /dir|folder|list|tree|search|find|glob|ls/i.test(tool) ? 'folder' : 'file';
  return 'file';
}

/** A property whose value the schema chose or constrained keeps its generated value. */
function chosenBySchema(schema: JsonObject): boolean {
  return ['const', 'default', 'examples', 'enum', 'pattern', 'format'].some((key) => key in schema);
}

/** The generated arguments with path-like top-level strings (and string arrays) pointing at real paths; the names replaced. */
export function withExistingPaths(args: JsonObject, inputSchema: JsonObject | undefined, tool: string, samples: PathSamples): { arguments: JsonObject; replaced: string[] } {
  const properties = isObject(inputSchema?.properties) ? inputSchema.properties : {};
  const result: JsonObject = { ...args };
  const replaced: string[] = [];
  for (const [name, value] of Object.entries(args)) {
    const schema = properties[name];
    if (!isObject(schema) || chosenBySchema(schema)) continue;
    const kind = pathKind(name, tool);
    if (!kind) continue;
    const sample: string | undefined = kind === 'folder' ? samples.folder : (samples.file ?? undefined);
    if (sample === undefined) continue;
    if (typeof value === 'string') result[name] = sample;
    else if (Array.isArray(value) && value.every((item: Json) => typeof item === 'string') && !(isObject(schema.items) && chosenBySchema(schema.items))) result[name] = value.map(() => sample);
    else continue;
    replaced.push(name);
  }
  return { arguments: result, replaced };
}
