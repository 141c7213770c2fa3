import { describe, expect, it } from 'vitest';
import { pgBossConnection } from './jobs-create';

describe('pg-boss connection', () => {
  const base = 'postgres://app:secret@db.example:5432/flagship';

  it('encrypts without checking the certificate for sslmode=require, as the app pool does', () => {
    const connection = pgBossConnection(`${base}?sslmode=require&application_name=x`, undefined);
    expect(connection.ssl).toEqual({ rejectUnauthorized: false });
    expect(connection.databaseUrl).not.toContain('sslmode');
    expect(connection.databaseUrl).toContain('application_name=x');
  });

  it('lets DATABASE_SSL decide over the URL, and leaves a URL without sslmode alone', () => {
    expect(pgBossConnection(`${base}?sslmode=require`, 'verify-full').ssl).toEqual({ rejectUnauthorized: true });
    expect(pgBossConnection(`${base}?sslmode=require`, 'disable').ssl).toBe(false);
    expect(pgBossConnection(base, undefined)).toEqual({ databaseUrl: base });
  });
});
