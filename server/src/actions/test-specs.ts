// Big OpenAPI specs for the tests of the action limits and of where specs are parsed (issue 22 finding 3).

type Json = Record<string, unknown>;

function document(host: string, paths: Json, components: Json = {}): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: host, version: '1' },
    servers: [{ url: `https://${host}/v1` }],
    components,
    paths,
  });
}

/**
 * The review's spec: `operations` GET operations sharing two components, each summary padded so the
 * document is about `chars` long (3,000 operations in ~1 MB).
 */
export function manyOperationsSpec(operations: number, host: string, chars = 0): string {
  const build = (padding: string) => {
    const paths: Json = {};
    for (let i = 0; i < operations; i++) {
      paths[`/things${i}/{id}`] = {
        get: {
          operationId: `getThing${i}`,
          summary: `Get thing ${i}${padding}`,
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { $ref: '#/components/parameters/Limit' },
          ],
          responses: {
            200: {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      };
    }
    return document(host, paths, {
      parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
      schemas: {
        Thing: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
      },
    });
  };
  const bare = build('');
  const padding = Math.floor((chars - bare.length) / operations) - 1;
  return padding > 0 ? build(` ${'x'.repeat(padding)}`) : bare;
}

/**
 * A spec within the limits that is big the way real ones are: `operations` POST operations, each with a
 * small request body and an inline response schema of `fields` described fields (~8 KB an operation at 85).
 */
export function responseHeavySpec(operations: number, host: string, fields = 85): string {
  const paths: Json = {};
  for (let i = 0; i < operations; i++) {
    const properties: Json = {};
    for (let f = 0; f < fields; f++) {
      properties[`field${f}`] = {
        type: 'string',
        description: `Field ${f} of record ${i}, as the API returns it.`,
      };
    }
    paths[`/records${i}`] = {
      post: {
        operationId: `createRecord${i}`,
        summary: `Create record ${i}`,
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
            },
          },
        },
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object', properties } } },
          },
        },
      },
    };
  }
  return document(host, paths);
}

/**
 * A small spec whose functions are huge: `operations` operations whose request bodies all reference one
 * schema of `fields` described fields, copied into every function (~8.5 KB of function per 100 fields).
 */
export function sharedSchemaSpec(operations: number, host: string, fields: number): string {
  const properties: Json = {};
  for (let f = 0; f < fields; f++) {
    properties[`field${f}`] = { type: 'string', description: `Field number ${f} of the record.` };
  }
  const paths: Json = {};
  for (let i = 0; i < operations; i++) {
    paths[`/records${i}`] = {
      post: {
        operationId: `createRecord${i}`,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Record' } } },
        },
        responses: { 200: { description: 'ok' } },
      },
    };
  }
  return document(host, paths, { schemas: { Record: { type: 'object', properties } } });
}
