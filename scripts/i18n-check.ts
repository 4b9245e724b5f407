// Fails when any interface string lacks a translation in one of the ten catalogs, when a
// translation drops or renames a placeholder, when it does not use its language's glossary
// term (docs/glossary/), when the pt catalog slips into European Portuguese, or when zh-TW
// writes a Simplified character. The demo content (server/db/demoSeed.ts) is held to
// the same words. Runs `lingui extract` first so the catalogs hold every string the source
// uses.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import linguiConfig from '../lingui.config.ts';
import { SAMPLES, type SampleText } from '../server/db/demoSeed.ts';
import { TARGET_LOCALES, type TargetLocale } from './i18n/glossaryTypes.ts';
import { fullWidthColonProblems, gluedLabelProblems } from './i18n/punctuation.ts';
import {
  glossaryProblems,
  portugalProblems,
  simplifiedProblems,
  type Entry,
} from './i18n/rules.ts';

execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: ['ignore', 'ignore', 'inherit'] });

const po = formatter({ lineNumbers: false });
// A plural's branch ("one {ticket}") is text, not a placeholder.
const placeholders = (text: string) =>
  [...text.matchAll(/(?<!\b(?:zero|one|two|few|many|other|=\d+)\s*)\{(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

interface CatalogEntry {
  message?: string;
  translation?: string;
  context?: string;
  origin?: [string, number | null][];
}

async function readCatalog(locale: string) {
  const path = `locales/${locale}/messages.po`;
  const parsed = await po.parse(readFileSync(path, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: path,
  });
  return parsed as Record<string, CatalogEntry>;
}

/** The demo texts of one language, in the same order as the English ones. */
function demoTexts(sample: SampleText): string[] {
  return [
    ...sample.highlights,
    sample.protocolTitle,
    sample.protocol,
    sample.stepsTitle,
    ...sample.steps,
    sample.newsTitle,
    ...sample.news.flatMap((n) => [n.title, n.text]),
    ...sample.marquee,
    sample.welcome.title,
    sample.welcome.body,
    sample.sample.title,
    sample.sample.body,
  ];
}

const source = await readCatalog(linguiConfig.sourceLocale!);
const englishDemo = demoTexts(SAMPLES.en);
const problems: string[] = [];
for (const locale of linguiConfig.locales) {
  const catalog = await readCatalog(locale);
  const entries: Entry[] = [];
  for (const [id, entry] of Object.entries(source)) {
    const english = entry.translation || entry.message || id;
    const translated = catalog[id]?.translation ?? '';
    if (!translated) problems.push(`${locale}: missing translation for "${english}"`);
    else if (placeholders(english) !== placeholders(translated)) {
      problems.push(`${locale}: placeholders differ in "${english}" → "${translated}"`);
    }
    entries.push({
      english,
      translation: translated,
      origins: (entry.origin ?? []).map(([file]) => file),
      context: entry.context,
    });
  }
  if (!(TARGET_LOCALES as readonly string[]).includes(locale)) continue;
  const target = locale as TargetLocale;
  const demo = demoTexts(SAMPLES[target]);
  const demoEntries = demo.map((translation, i) => ({ english: englishDemo[i]!, translation }));
  problems.push(...glossaryProblems(target, [...entries, ...demoEntries]));
  const texts = [...entries.map((e) => e.translation), ...demo];
  if (target === 'pt') problems.push(...portugalProblems(texts));
  if (target === 'zh-TW') problems.push(...simplifiedProblems(texts));
  problems.push(...fullWidthColonProblems(target, texts));
}
problems.push(...gluedLabelProblems(Object.entries(source).map(([id, e]) => e.message || id)));

const count = Object.keys(source).length;
if (problems.length > 0) {
  const shown = process.env.I18N_CHECK_ALL ? problems : problems.slice(0, 50);
  for (const p of shown) console.error(p);
  if (problems.length > shown.length) console.error(`… and ${problems.length - shown.length} more`);
  console.error(
    `i18n check failed: ${problems.length} problems across ${linguiConfig.locales.length} locales`,
  );
  process.exit(1);
}
console.log(
  `i18n check passed: ${count} messages translated in all ${linguiConfig.locales.length} locales, in the glossary's words`,
);
