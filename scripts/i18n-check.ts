// Fails when any interface string lacks a translation in one of the ten catalogs, or when a
// translation drops or renames a placeholder. Runs `lingui extract` first so the catalogs
// hold every string the source uses.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import linguiConfig from '../lingui.config.ts';

execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: ['ignore', 'ignore', 'inherit'] });

const po = formatter({ lineNumbers: false });
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

async function readCatalog(locale: string) {
  const path = `locales/${locale}/messages.po`;
  const parsed = await po.parse(readFileSync(path, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: path,
  });
  return parsed as Record<string, { message?: string; translation?: string }>;
}

const source = await readCatalog(linguiConfig.sourceLocale!);
const problems: string[] = [];
for (const locale of linguiConfig.locales) {
  const catalog = await readCatalog(locale);
  for (const [id, entry] of Object.entries(source)) {
    const english = entry.translation || entry.message || id;
    const translated = catalog[id]?.translation ?? '';
    if (!translated) problems.push(`${locale}: missing translation for "${english}"`);
    else if (placeholders(english) !== placeholders(translated)) {
      problems.push(`${locale}: placeholders differ in "${english}" → "${translated}"`);
    }
  }
}

const count = Object.keys(source).length;
if (problems.length > 0) {
  for (const p of problems.slice(0, 50)) console.error(p);
  if (problems.length > 50) console.error(`… and ${problems.length - 50} more`);
  console.error(
    `i18n check failed: ${problems.length} problems across ${linguiConfig.locales.length} locales`,
  );
  process.exit(1);
}
console.log(
  `i18n check passed: ${count} messages translated in all ${linguiConfig.locales.length} locales`,
);
