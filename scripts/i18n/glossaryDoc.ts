// Writes docs/glossary/ from the glossary the translation check enforces, so the two never
// disagree: `node scripts/i18n/glossaryDoc.ts` rewrites the files, and a unit test fails when
// they are out of date.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { LOCALES } from '../../contract/i18n/locales.ts';
import { CONCEPTS, EXCEPTIONS, FORBIDDEN } from './glossary.ts';
import { TARGET_LOCALES, type TargetLocale } from './glossaryTypes.ts';
import { PORTUGAL_MARKERS } from './portugal.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function languageName(locale: TargetLocale): string {
  return LOCALES.find((l) => l.locale === locale)!.label;
}

export function glossaryPage(locale: TargetLocale): string {
  const lines = [
    `# Glossary: ${languageName(locale)} (${locale})`,
    '',
    '<!-- Written by scripts/i18n/glossaryDoc.ts from scripts/i18n/glossary.ts and its concepts*.ts: edit those. -->',
    '',
    'The one term this language uses for each concept. `npm run i18n:check` fails when a',
    'catalogue entry whose English names the concept does not use the term, or uses a word from',
    'the last column.',
    '',
    '| concept | English | term | do not use |',
    '| ------- | ------- | ---- | ---------- |',
  ];
  for (const concept of CONCEPTS) {
    const term = concept.terms[locale];
    const avoid = (term.avoid ?? []).map((a) => `${a.word} (${a.means})`).join('; ');
    const notes = [concept.note, term.note].filter(Boolean).join(' ');
    lines.push(
      `| ${concept.key} | ${cell(concept.english)} | **${cell(term.use)}**${notes ? `<br>${cell(notes)}` : ''} | ${cell(avoid)} |`,
    );
  }
  const forbidden = FORBIDDEN[locale] ?? [];
  if (forbidden.length > 0) {
    lines.push('', '## Never in this language', '', '| word | why | use |', '| ---- | --- | --- |');
    for (const f of forbidden) lines.push(`| ${f.word} | ${cell(f.why)} | ${f.use} |`);
  }
  if (locale === 'pt') {
    lines.push(
      '',
      '## Brazilian Portuguese only',
      '',
      'The pt catalogue and demo content are pt-BR. These European Portuguese forms fail the check:',
      '',
      '| pt-PT form (pattern) | Brazil says |',
      '| -------------------- | ----------- |',
    );
    for (const m of PORTUGAL_MARKERS)
      lines.push(`| \`${cell(m.pattern.source)}\` | ${cell(m.brazil)} |`);
  }
  if (locale === 'zh-TW') {
    lines.push(
      '',
      '## Traditional characters only',
      '',
      'A character that OpenCC turns into another in Traditional Chinese (and that is not',
      'itself Traditional) fails the check, e.g. 现 → 現. 台, 准, 里 and 干 are written in Taiwan',
      'too and pass.',
    );
  }
  const exceptions = EXCEPTIONS.filter((e) => e.locale === '*' || e.locale === locale);
  if (exceptions.length > 0) {
    lines.push(
      '',
      '## Deliberate exceptions',
      '',
      '| English | concept | why |',
      '| ------- | ------- | --- |',
    );
    for (const e of exceptions)
      lines.push(`| ${cell(e.english)} | ${e.concept} | ${cell(e.why)} |`);
  }
  return `${lines.join('\n')}\n`;
}

export function glossaryIndex(): string {
  const lines = [
    '# Glossary',
    '',
    '<!-- Written by scripts/i18n/glossaryDoc.ts from scripts/i18n/glossary.ts and its concepts*.ts: edit those. -->',
    '',
    'One term per concept and language for the words money, cards and accounts are made of.',
    'Change a term in `scripts/i18n/concepts*.ts` (words refused anywhere: `glossary.ts`), run `node scripts/i18n/glossaryDoc.ts`, then',
    'carry the new term into every catalogue entry `npm run i18n:check` names. The English',
    'names the code uses for the same concepts are in [../glossary.md](../glossary.md).',
    '',
    `| concept | ${TARGET_LOCALES.join(' | ')} |`,
    `| ------- | ${TARGET_LOCALES.map(() => '---').join(' | ')} |`,
  ];
  for (const concept of CONCEPTS) {
    lines.push(
      `| ${cell(concept.english)} | ${TARGET_LOCALES.map((l) => cell(concept.terms[l].use)).join(' | ')} |`,
    );
  }
  lines.push('', 'Per language, with the near-synonyms to avoid:', '');
  for (const locale of TARGET_LOCALES) lines.push(`- [${languageName(locale)}](${locale}.md)`);
  return `${lines.join('\n')}\n`;
}

/** Every file of docs/glossary/, by path, formatted as the repository's Prettier does. */
export async function glossaryFiles(): Promise<Record<string, string>> {
  const pages: Record<string, string> = { 'docs/glossary/README.md': glossaryIndex() };
  for (const locale of TARGET_LOCALES) pages[`docs/glossary/${locale}.md`] = glossaryPage(locale);
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(pages)) {
    const options = await prettier.resolveConfig(path);
    files[path] = await prettier.format(text, { ...options, filepath: path });
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, text] of Object.entries(await glossaryFiles())) writeFileSync(path, text);
}
