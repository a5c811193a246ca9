/** Types for local-postgres.mjs (plain JavaScript so the bench can use it without a build). */
export interface LocalPostgres {
  dir: string;
  port: number;
  /** Folder holding initdb and pg_ctl. */
  bin: string;
  /** postgresql://postgres:<password>@127.0.0.1:<port>/postgres */
  adminUrl: string;
}
export function findPostgresBin(): string;
export function startLocalPostgres(dir: string, options?: { durable?: boolean }): Promise<LocalPostgres>;
export function runningLocalPostgres(dir: string): LocalPostgres | undefined;
export function stopLocalPostgres(dir: string): void;
export function urlFor(server: LocalPostgres, database: string): string;
