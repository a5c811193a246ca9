import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../packages/runtime/src/index.js';

// Built at run time so that secret scanners do not flag this file.
const fake = (prefix: string, n: number, ch = 'a1B2'): string => prefix + ch.repeat(Math.ceil(n / ch.length)).slice(0, n);

describe('redactSecrets', () => {
  it('leaves ordinary text alone', () => {
    const text = 'Found 3 matches in src/auth.ts:12: const max_tokens = 100; author=Bob; Bearer tokens are common';
    expect(redactSecrets(text)).toBe(text);
  });

  it('masks bearer tokens and Authorization headers, keeping the scheme', () => {
    const token = fake('', 40);
    expect(redactSecrets(`Authorization: Bearer ${token}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactSecrets(`curl -H "authorization: basic dXNlcjpwYXNz"`)).toBe(`curl -H "authorization: basic ${REDACTED}"`);
    expect(redactSecrets(`using bearer ${token} now`)).toBe(`using bearer ${REDACTED} now`);
  });

  it('masks provider keys by prefix', () => {
    for (const key of [
      fake('sk-', 32),
      fake('sk-proj-', 40),
      fake('sk-ant-api03-', 40),
      fake('ghp_', 36),
      fake('github_pat_', 40),
      fake('xoxb-', 30, '12-ab'),
      fake('AKIA', 16, 'ABCD2345'),
    ]) {
      expect(redactSecrets(`key is ${key}.`)).toBe(`key is ${REDACTED}.`);
    }
  });

  it('masks JWT-looking tokens', () => {
    const jwt = `${fake('eyJ', 20)}.${fake('eyJ', 30)}.${fake('', 43, 'xY_-')}`;
    expect(redactSecrets(`token ${jwt} expired`)).toBe(`token ${REDACTED} expired`);
  });

  it('masks KEY=value pairs whose key looks secret, keeping the key', () => {
    expect(redactSecrets('GITHUB_TOKEN=abc123 DEBUG=1')).toBe(`GITHUB_TOKEN=${REDACTED} DEBUG=1`);
    expect(redactSecrets('export DB_PASSWORD="hunter 2"')).toBe(`export DB_PASSWORD="${REDACTED}"`);
    expect(redactSecrets("API_KEY: 'xyz'")).toBe(`API_KEY: '${REDACTED}'`);
    expect(redactSecrets('https://x.io/cb?client_secret=s3cr3t&state=ok')).toBe(`https://x.io/cb?client_secret=${REDACTED}&state=ok`);
    expect(redactSecrets('aws_secret_access_key = wJalrXUtnFEMI')).toBe(`aws_secret_access_key = ${REDACTED}`);
  });

  it('masks JSON "password": "…" pairs', () => {
    expect(redactSecrets('{"user":"bob","password":"p@ss \\"w\\"","apiKey":"k"}')).toBe(
      `{"user":"bob","password":"${REDACTED}","apiKey":"${REDACTED}"}`,
    );
    expect(redactSecrets('{"token": 12345, "secret": null}')).toBe(`{"token": ${REDACTED}, "secret": null}`);
  });

  it('masks URL passwords and private key blocks', () => {
    expect(redactSecrets('postgres://admin:pa55@db:5432/app')).toBe(`postgres://admin:${REDACTED}@db:5432/app`);
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nabc\n-----END RSA PRIVATE KEY-----';
    expect(redactSecrets(pem)).toBe(`-----BEGIN RSA PRIVATE KEY-----\n${REDACTED}\n-----END RSA PRIVATE KEY-----`);
  });

  it('handles a secret inside a pair and is idempotent', () => {
    const input = `API_KEY=${fake('sk-', 32)}\nAuthorization: Bearer ${fake('', 30)}\n{"password": "x"}`;
    const once = redactSecrets(input);
    expect(once).toBe(`API_KEY=${REDACTED}\nAuthorization: Bearer ${REDACTED}\n{"password": "${REDACTED}"}`);
    expect(redactSecrets(once)).toBe(once);
  });

  it('rejects non-strings', () => {
    expect(() => redactSecrets(undefined as unknown as string)).toThrow('redactSecrets: text must be a string, got undefined');
  });
});
