// An issued virtual card for a signed-in user, through the API as the app would call it
// (photo upload, holder, review, application), without walking the card screens.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { applicationPaths } from '../../../contract/api/card/applications.ts';
import { holderPaths } from '../../../contract/api/card/holders.ts';
import { uploadPaths } from '../../../contract/api/card/uploads.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/api/money.ts';
import type { AppServer } from './appServer.ts';

export const CARD_HOLDER = {
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

async function post<T>(
  server: AppServer,
  token: string,
  path: string,
  body: unknown,
  key?: string,
) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; message: string; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** Adds a passport holder with its photo, and the operator approves it: the holder's id. */
export async function approvedHolder(server: AppServer, token: string): Promise<string> {
  const photo = await sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const slot = await post<{ url: string }>(server, token, uploadPaths.uploadImg, {
    content_type: 'image/jpeg',
    size: photo.length,
  });
  const put = await fetch(slot.url, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: Uint8Array.from(photo),
  });
  const { data: uploaded } = (await put.json()) as { data: { file: string } };
  const holder = await post<{ id: string }>(server, token, holderPaths.addHolder, {
    ...CARD_HOLDER,
    photos: [uploaded.file],
  });
  await server.operator.approveHolder(holder.id);
  return holder.id;
}

/** Credits 100 USDT, adds and approves a passport holder, applies and issues: the card id. */
export async function issuedVirtualCard(server: AppServer, token: string, address: string) {
  await server.operator.credit(address, 'USDT', '100');
  const holderId = await approvedHolder(server, token);
  const application = await post<{ id: string }>(
    server,
    token,
    applicationPaths.openVirtualCard,
    { region: 'HK', holder_id: holderId, agree: true },
    randomUUID(),
  );
  return server.operator.issueCard(application.id);
}
