/**
 * A catastrophic pattern cannot stall the server: the search is stopped within the 2 s bound,
 * other calls are served meanwhile, and the next search works.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataOf, seed, startHarness, STORE_KINDS, textOf, type Harness } from './harness.js';

describe.each(STORE_KINDS)('catastrophic regex on the %s store', (kind) => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startHarness(kind);
    // Exponential backtracking for (a+)+$: long runs of 'a' that end in something else.
    const evilLine = `${'a'.repeat(4000)}!`;
    await seed(harness.store, [
      { key: { entityType: 'text', path: 'evil.txt' }, content: `${evilLine}\n${evilLine}\n` },
      { key: { entityType: 'module', path: 'ok.py' }, content: 'def ok(): pass\n' },
    ]);
  });
  afterEach(async () => {
    await harness.close();
  });

  it('(a+)+$ returns an isError result within 2 s while list_content is still served', async () => {
    const started = performance.now();
    let searchFinishedAt = 0;
    const search = harness.call('search_content', { pattern: '(a+)+$' }).then((result) => {
      searchFinishedAt = performance.now();
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listStarted = performance.now();
    const listed = await harness.call('list_content', {});
    const listFinishedAt = performance.now();
    expect(listed.isError).not.toBe(true);
    expect(dataOf(listed).count).toBe(2);
    // Served while the regex was still running, not after it.
    expect(searchFinishedAt).toBe(0);
    expect(listFinishedAt - listStarted).toBeLessThan(500);

    const result = await search;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Error: the pattern took longer than 1000 ms and the search was stopped\. Simplify the regex/);
    expect(dataOf(result).error_code).toBe('timeout');

    // The pool replaced the terminated workers: the next search works.
    const after = await harness.call('search_content', { pattern: 'def ok' });
    expect(dataOf(after).total_matches).toBe(1);
  });
});
