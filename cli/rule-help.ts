import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/package-info.js';

export interface RuleHelp {
  /** The first paragraph of "Rule details": what the rule reports and why. */
  fullDescription?: string;
  /** The whole page without the generated header, for SARIF viewers (GitHub shows it with an alert). */
  markdown?: string;
}

const HEADER_END = '<!-- end auto-generated rule header -->';

/** Reads docs/rules/<rule>.md from the installed package; an absent page gives no help, not an error. */
export function ruleHelp(rule: string): RuleHelp {
  const file = path.join(packageRoot(), 'docs', 'rules', `${rule}.md`);
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const body = (text.includes(HEADER_END) ? text.slice(text.indexOf(HEADER_END) + HEADER_END.length) : text)
    .replace(/<!-- (?:begin|end) auto-generated [^>]*-->\n?/g, '')
    .trim();
  const details = /^## Rule details\n+([\s\S]*?)(?:\n\n|$)/m.exec(body);
  const paragraph = details?.[1] ?? body.split('\n\n').find((block) => !block.startsWith('#') && !/^[\p{Extended_Pictographic}]/u.test(block));
  return {
    fullDescription: paragraph?.replace(/\s*\n\s*/g, ' ').trim(),
    markdown: body,
  };
}
