import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { endpointList } from './endpoints';
import { buildOpenApiDocument } from './openapi';

describe('buildOpenApiDocument', () => {
  it('converts every declaration of the contract', () => {
    const document = buildOpenApiDocument({ version: '0.0.0' });
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((o) => o.operationId).sort()).toEqual(endpointList.map((e) => e.id).sort());
  });

  it('names the declaration whose schema JSON Schema cannot express', () => {
    const declaration = defineEndpoint({ method: 'GET', path: '/api/when', summary: '时间', auth: 'public', response: 'json', data: z.date() });
    expect(() => buildOpenApiDocument({ version: '0.0.0', endpoints: [{ id: 'test.when', group: 'test', name: 'when', declaration }] })).toThrow(
      /^test\.when\.data: /,
    );
  });

  it.each([
    ['inside another', (node: z.ZodType) => z.object({ root: node })],
    ['itself', (node: z.ZodType) => node],
  ])('moves the definitions of a recursive schema (%s) under components', (_, data) => {
    const node: z.ZodType<{ name: string; children: unknown[] }> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    const declaration = defineEndpoint({ method: 'GET', path: '/api/tree', summary: '树', auth: 'public', response: 'json', data: data(node) });
    const document = buildOpenApiDocument({ version: '0.0.0', endpoints: [{ id: 'test.tree', group: 'test', name: 'tree', declaration }] });
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(0);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    for (const ref of refs) expect(schemas[ref], ref).toBeDefined();
    expect(text).not.toContain('#/$defs/');
    expect(text).not.toContain('"$ref":"#"');
  });
});
