// A plain request (the first screen's public reads) goes through the given fetch with the
// same headers and the same answer handling as every other call.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import { defineEndpoint } from '../../../contract/api/endpoint.ts';
import { ApiError, NoResponseError } from '../../../src/api/requestErrors.ts';

function clientWith(answer: () => Response) {
  const seen: Request[] = [];
  const client = createApiClient({
    baseUrl: () => 'http://app.test/',
    token: () => null,
    lang: () => 'JP',
    fetch: async (input, init) => {
      seen.push(new Request(input, init));
      return answer();
    },
  });
  return { client, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('plain requests', () => {
  it('send LANG and the query, and return the checked data', async () => {
    const { client, seen } = clientWith(() =>
      json(200, { code: 200, message: 'ok', data: { a: 1 } }),
    );
    const marquee = defineEndpoint({
      method: 'GET',
      path: '/api/v1/common/marquee',
      auth: 'none',
      input: v.object({ page: v.number(), skip: v.optional(v.string()) }),
      output: v.object({ a: v.number() }),
    });
    const data = await client.call(marquee, { page: 2, skip: undefined }, { plain: true });
    expect(data).toEqual({ a: 1 });
    expect(seen[0]!.url).toBe('http://app.test/api/v1/common/marquee?page=2');
    expect(seen[0]!.headers.get('LANG')).toBe('JP');
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
  });

  it('turn failures into the same errors as other calls', async () => {
    const refused = clientWith(() => json(400, { code: 40004, message: 'Bad', data: null }));
    const anything = defineEndpoint({ method: 'GET', path: '/x', output: v.unknown() });
    await expect(refused.client.call(anything, undefined, { plain: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    const dropped = clientWith(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(dropped.client.call(anything, undefined, { plain: true })).rejects.toBeInstanceOf(
      NoResponseError,
    );
  });
});
