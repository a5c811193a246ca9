/**
 * 50 concurrent editors on one file. With expected_sha256 the file moves through a single chain
 * of versions: for every version someone read, exactly one patch based on it wins, all others
 * get a conflict, and in the end every editor's line is in the file exactly once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataOf, seed, startHarness, STORE_KINDS, textOf, type Harness } from './harness.js';

const EDITORS = 50;
const FILE = { entity_type: 'text', path: 'shared/log.txt' } as const;

interface Attempt {
  editor: number;
  basedOn: string;
  won: boolean;
  produced?: string;
}

describe.each(STORE_KINDS)('concurrent patch_content on the %s store', (kind) => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startHarness(kind);
    await seed(harness.store, [{ key: { entityType: 'text', path: FILE.path }, content: 'header\nEND\n' }]);
  });
  afterEach(async () => {
    await harness.close();
  });

  it('with expected_sha256: exactly one winner per version and no edit lost', async () => {
    const seededSha = (await harness.store.get({ entityType: 'text', path: FILE.path }))?.sha256 ?? '';
    const attempts: Attempt[] = [];
    const editor = async (id: number): Promise<void> => {
      for (;;) {
        const read = dataOf(await harness.call('read_content_lines', { ...FILE, start_line: 1 }));
        const basedOn = read.sha256 as string;
        const result = await harness.call('patch_content', {
          ...FILE,
          old_string: 'END',
          new_string: `editor-${id}\nEND`,
          expected_sha256: basedOn,
        });
        if (!result.isError) {
          attempts.push({ editor: id, basedOn, won: true, produced: dataOf(result).sha256 as string });
          return;
        }
        expect(dataOf(result).error_code).toBe('conflict');
        expect(textOf(result)).toMatch(/changed since you read it/);
        attempts.push({ editor: id, basedOn, won: false });
      }
    };
    await Promise.all(Array.from({ length: EDITORS }, (_, id) => editor(id)));

    const winners = attempts.filter((attempt) => attempt.won);
    expect(winners).toHaveLength(EDITORS);
    expect(new Set(winners.map((winner) => winner.editor)).size).toBe(EDITORS);

    // Exactly one winner for every version anyone based an attempt on.
    const byVersion = new Map<string, Attempt[]>();
    for (const attempt of attempts) byVersion.set(attempt.basedOn, [...(byVersion.get(attempt.basedOn) ?? []), attempt]);
    for (const [, group] of byVersion) expect(group.filter((attempt) => attempt.won)).toHaveLength(1);
    expect(byVersion.size).toBe(EDITORS);

    // The winners form one unbroken chain from the seeded version to the final one.
    const next = new Map(winners.map((winner) => [winner.basedOn, winner]));
    const chainOrder: string[] = [];
    let version = seededSha;
    for (let winner = next.get(version); winner; winner = next.get(version)) {
      chainOrder.push(`editor-${winner.editor}`);
      version = winner.produced ?? '';
    }
    expect(chainOrder).toHaveLength(EDITORS);
    const final = await harness.store.get({ entityType: 'text', path: FILE.path });
    expect(final?.sha256).toBe(version);

    // No edit lost: every editor's line exactly once, in the order the chain applied them.
    const lines = final?.content.split('\n') ?? [];
    expect(lines[0]).toBe('header');
    expect(lines.slice(-2)).toEqual(['END', '']);
    const editorLines = lines.slice(1, -2);
    expect(editorLines).toHaveLength(EDITORS);
    expect(new Set(editorLines).size).toBe(EDITORS);
    expect(editorLines).toEqual(chainOrder);
  });

  it('without expected_sha256: writes are still compare-and-swap, so no applied edit is lost', async () => {
    const results = await Promise.all(
      Array.from({ length: EDITORS }, (_, id) =>
        harness.call('patch_content', { ...FILE, old_string: 'END', new_string: `plain-${id}\nEND` }),
      ),
    );
    const applied = results.flatMap((result, id) => (result.isError ? [] : [`plain-${id}`]));
    for (const result of results.filter((candidate) => candidate.isError)) {
      expect(dataOf(result).error_code).toBe('conflict');
    }
    expect(applied.length).toBeGreaterThan(0);
    const final = (await harness.store.get({ entityType: 'text', path: FILE.path }))?.content ?? '';
    const present = final.split('\n').filter((line) => line.startsWith('plain-'));
    expect(present.sort()).toEqual(applied.sort());
  });
});
