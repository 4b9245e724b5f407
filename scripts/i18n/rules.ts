// The translation check's rules on words, each a pure function of catalogue entries so a
// unit test can hand it a catalogue that breaks it: the glossary (one term per concept),
// Brazilian Portuguese only in pt, and Traditional characters only in zh-TW.
import * as OpenCC from 'opencc-js';
import { CONCEPTS, EXCEPTIONS, FORBIDDEN } from './glossary.ts';
import type { Concept, TargetLocale, Term } from './glossaryTypes.ts';
import { PORTUGAL_MARKERS } from './portugal.ts';

export interface Entry {
  /** The English text (the msgid, or the English of an explicit id). */
  english: string;
  translation: string;
  /** Files that use the message, from the catalogue's `#:` lines. */
  origins?: readonly string[];
  context?: string;
}

/** Placeholders and plural/select skeletons carry no words to translate. */
function englishWords(english: string): string {
  return english
    .replace(/\{\w+, (plural|select|selectordinal),/g, '')
    .replace(/\{\w+\}/g, '')
    .replace(/<\/?\d+\/?>/g, '');
}

function termPattern(term: Term): RegExp {
  return term.match ?? new RegExp(escape(term.use), 'i');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function excepted(locale: TargetLocale, english: string, concept: string): boolean {
  return EXCEPTIONS.some(
    (e) =>
      (e.locale === '*' || e.locale === locale) && e.english === english && e.concept === concept,
  );
}

export function coveredBy(concept: Concept, entry: Entry): boolean {
  return (
    concept.en.test(englishWords(entry.english)) &&
    (!concept.where || concept.where({ origins: entry.origins ?? [], context: entry.context }))
  );
}

/** Entries that do not use the language's term for a concept their English names. */
export function glossaryProblems(
  locale: TargetLocale,
  entries: readonly Entry[],
  concepts: readonly Concept[] = CONCEPTS,
): string[] {
  const problems: string[] = [];
  // A word refused everywhere is reported once, not again for each concept.
  const forbiddenWords = new Set((FORBIDDEN[locale] ?? []).map((f) => f.word.toLowerCase()));
  for (const entry of entries) {
    for (const concept of concepts) {
      const term = concept.terms[locale];
      if (!coveredBy(concept, entry)) {
        const found = term.reserved?.exec(entry.translation);
        if (found && !concept.en.test(englishWords(entry.english))) {
          problems.push(
            `${locale}: "${entry.english}" → "${entry.translation}" says "${found[0]}", the word for ${concept.key}, which the English does not name`,
          );
        }
        continue;
      }
      if (excepted(locale, entry.english, concept.key)) continue;
      if (!termPattern(term).test(entry.translation)) {
        problems.push(
          `${locale}: "${entry.english}" → "${entry.translation}" does not say ${concept.key} as "${term.use}"`,
        );
      }
      for (const near of term.avoid ?? []) {
        if (forbiddenWords.has(near.word.toLowerCase())) continue;
        if (entry.translation.toLowerCase().includes(near.word.toLowerCase())) {
          problems.push(
            `${locale}: "${entry.english}" → "${entry.translation}" says "${near.word}" (${near.means}) for ${concept.key}`,
          );
        }
      }
    }
    for (const forbidden of FORBIDDEN[locale] ?? []) {
      if (entry.translation.toLowerCase().includes(forbidden.word.toLowerCase())) {
        problems.push(
          `${locale}: "${entry.translation}" says "${forbidden.word}" (${forbidden.why}): use "${forbidden.use}"`,
        );
      }
    }
  }
  return problems;
}

/** European Portuguese words and forms in texts meant for Brazil. */
export function portugalProblems(texts: readonly string[]): string[] {
  const problems: string[] = [];
  for (const text of texts) {
    for (const marker of PORTUGAL_MARKERS) {
      const found = marker.pattern.exec(text);
      if (found)
        problems.push(`pt: "${text}" uses "${found[0]}" (pt-PT): Brazil says ${marker.brazil}`);
    }
  }
  return problems;
}

const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
// Characters OpenCC converts although Taiwan writes them too (台灣, 批准, 公里, 若干).
const ALSO_TRADITIONAL = new Set([...'台准里干']);

/** A character that has a different Traditional form and is not itself Traditional. */
export function isSimplifiedOnly(char: string): boolean {
  if (ALSO_TRADITIONAL.has(char)) return false;
  return toTraditional(char) !== char && toSimplified(char) === char;
}

/** Simplified-only characters in texts meant for Traditional Chinese readers. */
export function simplifiedProblems(texts: readonly string[]): string[] {
  const problems: string[] = [];
  for (const text of texts) {
    const simplified = [...new Set([...text].filter(isSimplifiedOnly))];
    if (simplified.length > 0) {
      problems.push(
        `zh-TW: "${text}" has Simplified characters ${simplified.join(' ')} (${simplified.map(toTraditional).join(' ')})`,
      );
    }
  }
  return problems;
}
