/**
 * node-postgres is an optional peer dependency: only the Postgres store needs it, so it is
 * loaded on first use, and its absence is one line naming the install command.
 */
import { isNotFound, missingPeer } from '../install.js';

export type PgModule = typeof import('pg');

let loading: Promise<PgModule> | undefined;

export function loadPg(): Promise<PgModule> {
  loading ??= import('pg').catch((error: unknown) => {
    loading = undefined;
    if (isNotFound(error, 'pg')) throw missingPeer('pg', 'the Postgres store (--postgres)');
    throw error;
  });
  return loading;
}
