// The glossary's shapes and its languages (scripts/i18n/glossary.ts holds the entries).

export const TARGET_LOCALES = ['zh-TW', 'zh', 'ja', 'ko', 'th', 'pt', 'ms', 'id', 'vi'] as const;
export type TargetLocale = (typeof TARGET_LOCALES)[number];

export interface NearSynonym {
  /** A word that must not stand in for the concept. */
  word: string;
  /** What a reader takes it to mean instead. */
  means: string;
}

export interface Term {
  /** The term, as translators read it in the glossary. */
  use: string;
  /** How the check recognises the term in a translation (default: `use`, any case). */
  match?: RegExp;
  /** A word that belongs to this concept alone: refused in entries whose English does not name it. */
  reserved?: RegExp;
  /** Near-synonyms that say something else; refused in this concept's entries. */
  avoid?: NearSynonym[];
  note?: string;
}

export interface Concept {
  key: string;
  /** The English the concept covers, as people read it in the glossary. */
  english: string;
  /** Which English entries the concept covers (placeholders are left out before matching). */
  en: RegExp;
  /** Further narrows the entries, by the files that use them and their message context. */
  where?: (entry: { origins: readonly string[]; context?: string }) => boolean;
  note?: string;
  terms: Record<TargetLocale, Term>;
}

export interface ForbiddenWord {
  word: string;
  use: string;
  why: string;
}
