import path from 'node:path';
import { defaultProtocolVersion, describeDefault, type ProtocolVersion } from '../src/protocol-version.js';
import { displayPath } from './report.js';

/** Where an explicit protocol version came from: the flag, or the config file that set it. */
export interface ProtocolSetting {
  version: ProtocolVersion | undefined;
  source: string;
}

/**
 * The line `check` and `migrate` end their text summary with: which protocol version the results
 * were judged for, and why (the setting, or per project the SDK its package.json depends on).
 */
export function protocolSummary(files: readonly string[], setting: ProtocolSetting, cwd: string): string {
  if (setting.version !== undefined) return `Protocol version ${setting.version}, set by ${setting.source}.\n`;
  const rel = (file: string) => displayPath(cwd, file);
  const groups = new Map<string, { version: ProtocolVersion; why: string; files: number }>();
  const filesPerDir = new Map<string, number>();
  for (const file of files) filesPerDir.set(path.dirname(file), (filesPerDir.get(path.dirname(file)) ?? 0) + 1);
  if (filesPerDir.size === 0) filesPerDir.set(cwd, 0);
  for (const [dir, count] of filesPerDir) {
    const choice = defaultProtocolVersion(dir);
    const key = `${choice.version}\0${choice.manifest ?? ''}`;
    const group = groups.get(key);
    if (group) group.files += count;
    else groups.set(key, { version: choice.version, why: describeDefault(choice, rel), files: count });
  }
  const change = 'Set protocolVersion or --protocol-version to choose another.';
  if (groups.size === 1) {
    const [only] = groups.values();
    return `Protocol version ${only.version}: ${only.why}. ${change}\n`;
  }
  const parts = [...groups.values()].map((group) => `${group.version} for ${group.files} file${group.files === 1 ? '' : 's'}, ${group.why}`);
  return `Protocol versions: ${parts.join('; ')}. ${change}\n`;
}

/** The explicit setting of a run: the flag wins over the config file. */
export function protocolSetting(flag: string | undefined, resolved: string | undefined, configFile: string | undefined, cwd: string): ProtocolSetting {
  return { version: resolved as ProtocolVersion | undefined, source: flag !== undefined ? '--protocol-version' : displayPath(cwd, configFile ?? '') };
}
