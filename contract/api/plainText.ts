// What a person types into a name, an address or a remark is stored, then shown to others
// (operators, reviewers, the recipient of a transfer) and written into lists and exports.
// Invisible characters there can hide or reorder what is shown: a right-to-left override
// (U+202E) makes 'txt.exe' read as 'exe.txt', a NUL cuts a line short in some tools, a
// stray BOM or line break splits a CSV row. None has a place in a one-line field, so every
// such field of the contract refuses them with one clear message, on the server and in the
// app's form alike.
import * as v from 'valibot';
import type { ApiErrorName } from './errors.ts';

/**
 * C0 and C1 controls (including NUL, tab and line feeds, DEL), the bidirectional marks,
 * embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
 * the line and paragraph separators (U+2028, U+2029) and the byte order mark (U+FEFF).
 */
const CONTROL_CHARACTER = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF]/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The check every free-text field of the contract carries: it refuses the text as typed,
 * before any trimming, so a leading BOM or a trailing line break is named rather than
 * silently dropped.
 */
export function noControlCharacters() {
  return v.check<string, ApiErrorName>((text) => !hasControlCharacters(text), 'control_characters');
}
