// The request each content, notice and order call makes: path, query and page size.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import type { AnyEndpoint } from '../../../contract/api/endpoint.ts';
import { machinePaths } from '../../../contract/api/machine.ts';
import { noticePaths } from '../../../contract/api/notice.ts';
import { orderListSource, ORDER_PAGE_SIZE } from '../../../src/state/queries/machine.ts';
import { contentKeys, pageDay, seedHomeContent } from '../../../src/state/queries/content.ts';
import { noticeListSource } from '../../../src/state/queries/notice.ts';
import { recordKeys } from '../../../src/state/records/recordList.ts';

interface RecordedCall {
  method: string;
  path: string;
  input: unknown;
}

/** An API that records what each call sends, and answers an empty page. */
function recordingApi() {
  const calls: RecordedCall[] = [];
  const api: ApiClient = {
    call: (endpoint: AnyEndpoint, ...[input]: unknown[]) => {
      calls.push({ method: endpoint.method, path: endpoint.path, input });
      return Promise.resolve({ list: [], total: 0 } as never);
    },
    image: () => Promise.reject(new Error('no images in these calls')),
  };
  return { api, calls };
}

describe('order calls', () => {
  it('sends no status for "all" and the status otherwise, ten a page', async () => {
    const { api, calls } = recordingApi();
    const all = orderListSource(api, 'all');
    const shipped = orderListSource(api, 'shipped');
    expect(all.pageSize).toBe(ORDER_PAGE_SIZE);
    expect(ORDER_PAGE_SIZE).toBe(10);
    await all.fetchPage(1, all.pageSize!, new AbortController().signal);
    await shipped.fetchPage(2, shipped.pageSize!, new AbortController().signal);
    expect(calls.map((call) => [call.path, call.input])).toEqual([
      [machinePaths.orderList, { status: undefined, page: '1', page_size: '10' }],
      [machinePaths.orderList, { status: 'shipped', page: '2', page_size: '10' }],
    ]);
  });

  it('keys each status tab apart, under one prefix that a receipt refreshes', () => {
    const { api } = recordingApi();
    const key = (filter: 'all' | 'shipped') => {
      const source = orderListSource(api, filter);
      return recordKeys.list('0xA', source.name, source.params);
    };
    expect(key('all')).not.toEqual(key('shipped'));
    expect(key('shipped').slice(0, 3)).toEqual(key('all').slice(0, 3));
  });
});

describe('notice calls', () => {
  it('keys the list by language, so another language is another list', async () => {
    const { api, calls } = recordingApi();
    const english = noticeListSource(api, 'en');
    const japanese = noticeListSource(api, 'ja');
    expect(recordKeys.list('0xA', english.name, english.params)).not.toEqual(
      recordKeys.list('0xA', japanese.name, japanese.params),
    );
    await english.fetchPage(1, 20, new AbortController().signal);
    expect(calls[0]).toMatchObject({ method: 'GET', path: noticePaths.list });
  });
});

describe('home content written into the page', () => {
  const data = {
    content: {
      highlights: [],
      protocol: { title: 'Protocol', text: 'Text' },
      steps: { title: 'Steps', items: ['One'] },
      news: { title: 'News', items: [] },
    },
    lang: 'en',
    updated_at: '2030-01-01T00:00:00.000Z',
  };
  const inline = (locale: string, body: unknown = data) => JSON.stringify({ locale, data: body });

  it('is in the cache, fresh, for the language it was written in', () => {
    const client = new QueryClient();
    expect(seedHomeContent(client, 'en', inline('en'), 1234)).toBe(true);
    expect(client.getQueryData(contentKeys.home('en'))).toEqual(data);
    expect(client.getQueryState(contentKeys.home('en'))?.dataUpdatedAt).toBe(1234);
  });

  it('puts the marquee the page carried in the cache too, fresh', () => {
    const client = new QueryClient();
    const marquee = { list: ['One', 'Two'], lang: 'en' };
    const page = JSON.stringify({ locale: 'en', data, marquee });
    expect(seedHomeContent(client, 'en', page, 1234)).toBe(true);
    expect(client.getQueryData(contentKeys.marquee('en'))).toEqual(marquee);
    expect(client.getQueryState(contentKeys.marquee('en'))?.dataUpdatedAt).toBe(1234);
    // A page without it leaves the marquee to its call.
    const other = new QueryClient();
    expect(seedHomeContent(other, 'en', inline('en'))).toBe(true);
    expect(other.getQueryData(contentKeys.marquee('en'))).toBeUndefined();
  });

  it('keeps the news dates in the words the page showed them, per language', () => {
    const client = new QueryClient();
    const page = JSON.stringify({ locale: 'ko', data, days: { '2030-01-31': '2030. 1. 31.' } });
    expect(seedHomeContent(client, 'ko', page)).toBe(true);
    expect(pageDay('ko', '2030-01-31')).toBe('2030. 1. 31.');
    expect(pageDay('ja', '2030-01-31')).toBeUndefined();
    expect(pageDay('ko', '2030-02-01')).toBeUndefined();
  });

  it('is left out for another language, a missing element, or text that is not the contract', () => {
    const client = new QueryClient();
    expect(seedHomeContent(client, 'ja', inline('en'))).toBe(false);
    expect(seedHomeContent(client, 'en', undefined)).toBe(false);
    expect(seedHomeContent(client, 'en', '{not json')).toBe(false);
    expect(seedHomeContent(client, 'en', inline('en', { content: 'x' }))).toBe(false);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
