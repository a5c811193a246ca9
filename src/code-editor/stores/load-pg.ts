/**
 * node-postgres is an optional peer dependency: only the Postgres store needs it, so it is
 * loaded on first use, and its absence is one clear line instead of a stack trace.
 */
import { ContentStoreError } from '../types.js';

export type PgModule = typeof import('pg');

let loading: Promise<PgModule> | undefined;

export function loadPg(): Promise<PgModule> {
  loading ??= import('pg').catch((error: unknown) => {
    loading = undefined;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new ContentStoreError("the Postgres store needs the 'pg' package, which is not installed: run npm install pg");
    }
    throw error;
  });
  return loading;
}
