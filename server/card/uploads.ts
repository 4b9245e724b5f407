// Photos of identity documents. uploadImg opens a slot: a reference (`file`) and a secret
// PUT URL, valid for ten minutes and for ONE PUT. The PUT is claimed before its body is
// read, so a second PUT (or a late one) is refused whatever happens to the first. The
// bytes must be a JPEG, PNG or WebP by their magic bytes, within the byte limit, with no
// data after the image's end (a polyglot), and within the pixel limit read from the header
// before anything is decoded. sharp then decodes and re-encodes to JPEG (EXIF and every
// other piece of metadata dropped), and the result is sealed with the card data key and
// written under DATA_DIR/card-files with a random name. A refusal stores nothing.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  type UploadContentType,
  type UploadImgData,
} from '../../contract/api/card/uploads.ts';
import { randomText } from '../randomText.ts';
import type { AppDatabase } from '../db/database.ts';
import type { CardFileRow } from '../db/schemaCard.ts';
import { DomainError } from '../domainError.ts';
import type { CardContext } from './cardContext.ts';
import type { Vault } from '../vault.ts';

export const UPLOAD_URL_TTL_MS = 10 * 60_000;
/**
 * Open upload slots and uploaded photos not yet used by a holder that a user may have at
 * once; more is someone scripting the endpoint (or filling the disk: each photo is a file).
 */
export const MAX_PENDING_PHOTOS = 20;
const FILES_FOLDER = 'card-files';
const FILE_REFERENCE_LENGTH = 24;
const STORED_TYPE = 'image/jpeg';
const JPEG_QUALITY = 85;

/** The path of the PUT, relative to the site; `:token` is the slot's secret. */
export const UPLOAD_PUT_PATH = '/api/v1/visa/upload/:token';

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const fileBinding = (fileId: string) => `card-file:${fileId}`;

export async function openUploadSlot(
  card: CardContext,
  userId: bigint,
  declared: { contentType: UploadContentType; size: number },
  siteOrigin: string,
): Promise<UploadImgData> {
  const now = card.now();
  await sweepUploads(card, now, userId);
  const open = await card.db.kysely
    .selectFrom('card_files')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', 'in', ['awaiting', 'receiving']),
          eb('expires_at', '>', now.toISOString()),
        ]),
        eb('status', '=', 'stored'),
      ]),
    )
    .executeTakeFirstOrThrow();
  if (Number(open.count) >= MAX_PENDING_PHOTOS) throw new DomainError('rate_limited');
  const token = randomBytes(32).toString('base64url');
  const id = randomText(FILE_REFERENCE_LENGTH);
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS).toISOString();
  await card.db.kysely
    .insertInto('card_files')
    .values({
      id,
      user_id: userId,
      token_hash: tokenHash(token),
      status: 'awaiting',
      declared_type: declared.contentType,
      declared_size: BigInt(declared.size),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return {
    url: `${siteOrigin}${UPLOAD_PUT_PATH.replace(':token', token)}`,
    file: id,
    expires_at: expiresAt,
    max_bytes: Math.min(declared.size, UPLOAD_MAX_BYTES),
  };
}

/** Photos uploaded but never attached to a holder are kept this long, then deleted. */
export const UNATTACHED_PHOTO_TTL_MS = 24 * 60 * 60_000;
/** How often the server sweeps every user's uploads (and once when it starts). */
export const UPLOAD_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Forgets spent and expired slots, and deletes photos that were uploaded but never used
 * by a holder within a day — of one user (before opening a slot) or of everyone (the
 * server's periodic sweep). Attached photos are never touched here.
 */
export async function sweepUploads(
  card: CardContext,
  now: Date,
  userId: bigint | null = null,
): Promise<void> {
  const scoped = () => {
    const files = card.db.kysely.deleteFrom('card_files');
    return userId === null ? files : files.where('user_id', '=', userId);
  };
  await scoped()
    .where('status', 'in', ['awaiting', 'receiving', 'refused'])
    .where('expires_at', '<=', now.toISOString())
    .execute();
  const stale = await scoped()
    .where('status', '=', 'stored')
    .where('stored_at', '<=', new Date(now.getTime() - UNATTACHED_PHOTO_TTL_MS).toISOString())
    .returning('storage_name')
    .execute();
  deleteStoredFiles(
    card.dataDir,
    stale.flatMap((row) => (row.storage_name ? [row.storage_name] : [])),
  );
}

/**
 * Takes the slot for this PUT (awaiting → receiving), before the body is read. A token that
 * is unknown, expired or already used is upload_link_invalid; a declared Content-Length
 * above the slot's size is upload_too_large (and the slot is spent).
 */
export async function claimUploadSlot(
  db: AppDatabase,
  token: string,
  contentLength: number | null,
  now: Date,
): Promise<CardFileRow> {
  const row = await db.kysely
    .updateTable('card_files')
    .set({ status: 'receiving' })
    .where('token_hash', '=', tokenHash(token))
    .where('status', '=', 'awaiting')
    .where('expires_at', '>', now.toISOString())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new DomainError('upload_link_invalid');
  if (contentLength !== null && contentLength > slotLimit(row)) {
    await refuseSlot(db, row.id);
    throw new DomainError('upload_too_large');
  }
  return row;
}

function slotLimit(row: CardFileRow): number {
  return Math.min(Number(row.declared_size), UPLOAD_MAX_BYTES);
}

async function refuseSlot(db: AppDatabase, id: string): Promise<void> {
  await db.kysely
    .updateTable('card_files')
    .set({ status: 'refused' })
    .where('id', '=', id)
    .execute();
}

/** Checks, re-encodes, seals and stores the body of a claimed slot. */
export async function receiveUpload(
  card: CardContext,
  slot: CardFileRow,
  body: Buffer,
): Promise<{ file: string }> {
  let stored: { name: string } | null = null;
  try {
    if (body.length === 0) throw new DomainError('upload_type_not_allowed');
    if (body.length > slotLimit(slot)) throw new DomainError('upload_too_large');
    const image = await reencode(body);
    stored = writeSealed(card.dataDir, card.vault, slot.id, image.bytes);
    const updated = await card.db.kysely
      .updateTable('card_files')
      .set({
        status: 'stored',
        content_type: STORED_TYPE,
        width: BigInt(image.width),
        height: BigInt(image.height),
        bytes: BigInt(image.bytes.length),
        storage_name: stored.name,
        stored_at: card.now().toISOString(),
      })
      .where('id', '=', slot.id)
      .where('status', '=', 'receiving')
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new DomainError('upload_link_invalid');
    return { file: slot.id };
  } catch (error) {
    if (stored) deleteStoredFiles(card.dataDir, [stored.name]);
    await refuseSlot(card.db, slot.id);
    throw error;
  }
}

type SniffedType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * The type by magic bytes, and only if nothing follows the image's end marker: bytes
 * after it are how a file is made to be an image and a script or page at once.
 */
export function sniffImage(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const end = bytes.length;
    return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9 ? 'jpeg' : null;
  }
  if (
    bytes.length >= PNG_SIGNATURE.length + PNG_END.length &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE)
  ) {
    return bytes.subarray(bytes.length - PNG_END.length).equals(PNG_END) ? 'png' : null;
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return bytes.readUInt32LE(4) + 8 === bytes.length ? 'webp' : null;
  }
  return null;
}

async function reencode(body: Buffer): Promise<{ bytes: Buffer; width: number; height: number }> {
  const sniffed = sniffImage(body);
  if (!sniffed) throw new DomainError('upload_type_not_allowed');
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' as const };
  let width: number;
  let height: number;
  try {
    // Reads the header only; nothing is decoded yet. No pixel limit here, so an image
    // that is too large says so (upload_too_large) rather than failing to open.
    const metadata = await sharp(body, { limitInputPixels: false, failOn: 'error' }).metadata();
    if (metadata.format !== sniffed) throw new DomainError('upload_type_not_allowed');
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('upload_type_not_allowed', { cause: error });
  }
  if (width < 1 || height < 1) throw new DomainError('upload_type_not_allowed');
  if (width * height > UPLOAD_MAX_PIXELS) throw new DomainError('upload_too_large');
  try {
    const { data, info } = await sharp(body, options)
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw new DomainError('upload_type_not_allowed', { cause: error });
  }
}

function filesDir(dataDir: string): string {
  const dir = path.join(dataDir, FILES_FOLDER);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

function writeSealed(dataDir: string, vault: Vault, fileId: string, image: Buffer) {
  const name = `${randomBytes(16).toString('hex')}.bin`;
  fs.writeFileSync(
    path.join(filesDir(dataDir), name),
    vault.sealBytes(image, fileBinding(fileId)),
    {
      mode: 0o600,
      flag: 'wx',
    },
  );
  return { name };
}

/** The decrypted JPEG of a stored or attached file. */
export function readStoredFile(card: CardContext, row: CardFileRow): Buffer {
  if (!row.storage_name) throw new DomainError('photo_not_found');
  const sealed = fs.readFileSync(path.join(filesDir(card.dataDir), row.storage_name));
  return card.vault.openBytes(sealed, fileBinding(row.id));
}

/** A photo of `userId` (or of anyone, for the operator: userId null). */
export async function findReadableFile(
  db: AppDatabase,
  id: string,
  userId: bigint | null,
): Promise<CardFileRow> {
  let query = db.kysely
    .selectFrom('card_files')
    .selectAll()
    .where('id', '=', id)
    .where('status', 'in', ['stored', 'attached']);
  if (userId !== null) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  if (!row) throw new DomainError('photo_not_found');
  return row;
}

export function deleteStoredFiles(dataDir: string, names: readonly string[]): void {
  for (const name of names) {
    // Names are ours (hex + .bin); never follow anything else.
    if (!/^[0-9a-f]{32}\.bin$/.test(name)) continue;
    fs.rmSync(path.join(dataDir, FILES_FOLDER, name), { force: true });
  }
}
