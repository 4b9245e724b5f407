// Card service calls for the server tests: uploads, holders, addresses, and the operator.
import { randomUUID } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/api/money.ts';
import {
  applicationPaths,
  cardApplicationSchema,
} from '../../../contract/api/card/applications.ts';
import { holderPaths, holderSchema } from '../../../contract/api/card/holders.ts';
import {
  uploadImgDataSchema,
  uploadPaths,
  uploadPutDataSchema,
} from '../../../contract/api/card/uploads.ts';
import { adminCardPaths, adminIssueDataSchema } from '../../../server/admin/contractCard.ts';
import type { HttpAnswer, HttpClient, TestServer } from '../harness.ts';
import { credit, dataOf } from './money.ts';

export function cardPost(server: HttpClient, token: string, path: string, json: unknown = {}) {
  return server.request('POST', path, { json, token });
}

/** A money call of the card service, with an Idempotency-Key. */
export function cardMoneyPost(
  server: HttpClient,
  token: string,
  path: string,
  json: unknown,
  key: string = randomUUID(),
) {
  return server.request('POST', path, { json, token, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
}

/** PUT raw bytes to an upload URL. */
export async function putBytes(url: string, bytes: Uint8Array, contentType = 'image/jpeg') {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: Uint8Array.from(bytes),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text } as HttpAnswer;
}

export async function openSlot(
  server: HttpClient,
  token: string,
  size: number,
  type = 'image/jpeg',
) {
  return dataOf(
    await cardPost(server, token, uploadPaths.uploadImg, { content_type: type, size }),
    uploadImgDataSchema,
  );
}

/** Uploads `bytes` and returns the file reference. */
export async function uploadPhoto(server: HttpClient, token: string, bytes: Uint8Array) {
  const slot = await openSlot(server, token, bytes.length);
  const put = await putBytes(slot.url, bytes);
  expect(put.status, put.text).toBe(200);
  return dataOf(put, uploadPutDataSchema).file;
}

/** A small real JPEG carrying EXIF metadata (which the server must drop). */
export function sampleJpeg(seed = 0): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: seed % 256, g: 90, b: 160 } },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'GPS 22.5431N 114.0579E', Artist: 'secret camera owner' } })
    .toBuffer();
}

export function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 30, height: 20, channels: 4, background: '#33669980' } })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, well-formed PNG whose header declares width × height pixels: a decompression bomb. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const HOLDER_FIELDS = {
  first_name: 'San',
  last_name: 'Zhang',
  phone: '+852 5123 4567',
  email: 'zhang.san@example.com',
  province: 'Guangdong',
  city: 'Shenzhen',
  district: 'Nanshan',
  address: '1 Keji Road, Building 5',
  id_type: 'passport',
  id_number: 'E98765432',
  issue_date: '2025-03-01',
  expiry_date: '2035-02-28',
};

/** Adds a passport holder with a freshly uploaded photo; returns the holder. */
export async function addHolder(server: HttpClient, token: string, overrides: object = {}) {
  const photo = await uploadPhoto(server, token, await sampleJpeg());
  return dataOf(
    await cardPost(server, token, holderPaths.addHolder, {
      ...HOLDER_FIELDS,
      photos: [photo],
      ...overrides,
    }),
    holderSchema,
  );
}

export async function approveHolder(server: TestServer, id: string) {
  const answer = await server.admin('POST', adminCardPaths.holderApprove, { id });
  expect(answer.status, answer.text).toBe(200);
}

export const ADDRESS_FIELDS = {
  name: 'Zhang San',
  phone: '+852 5123 4567',
  country: 'CN',
  province: '广东',
  city: '深圳',
  district: '南山',
  address: '科技园 1 号',
  zip: '518000',
};

/**
 * The walk to an active card, for tests about what comes after: 100 USDT credited, a
 * holder added and approved, a virtual card applied for (fee 10) and issued.
 */
export async function activeVirtualCard(server: TestServer, token: string, address: string) {
  await credit(server, address, 'USDT', '100');
  const holder = await addHolder(server, token);
  await approveHolder(server, holder.id);
  const application = dataOf(
    await cardMoneyPost(server, token, applicationPaths.openVirtualCard, {
      region: 'HK',
      holder_id: holder.id,
      agree: true,
    }),
    cardApplicationSchema,
  );
  const issued = dataOf(
    await server.admin('POST', adminCardPaths.issue, { id: application.id }),
    adminIssueDataSchema,
  );
  return issued.card;
}
