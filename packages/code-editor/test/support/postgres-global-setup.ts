/**
 * vitest globalSetup: one folder per test run for a shared PostgreSQL server. The server itself
 * starts lazily, the first time a test asks for a database (test/support/postgres.ts), so runs
 * that need no Postgres do not pay for initdb; this teardown stops it if it was started.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopLocalPostgres } from '../../../../test/support/local-postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrk-pg-'));
  project.provide('postgresDir', dir);
  return () => {
    try {
      stopLocalPostgres(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
