// Each language's catalog ships in two parts: what the first screen says (the shell, the home
// page, sign-in, shared controls), loaded before the first render, and everything else,
// loaded right after it. Both are compiled from the one locales/<locale>/messages.po, split
// by where each message is used (the `#:` lines Lingui writes), so translators and the server
// keep one file per language. `import '…/messages.po?part=first'` (or `rest`) picks a part.
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Sources whose messages the first screen may show. Keep in step with what `/index` loads. */
const FIRST_SCREEN_SOURCES = [
  /^src\/(boot|router|shell)\//,
  // Sign-in's own steps (the wallet list, invite code, network and wallet errors) show only
  // after a tap on 'Connect wallet', which waits for the rest of the catalog (SignInButton).
  /^src\/signIn\/(?!(signIn|walletMessages|InviteCodeDialog|NetworkPrompt|WalletSheet|signInMessageCheck)\.tsx?$)/,
  /^src\/features\/home\//,
  /^src\/i18n\//,
  /^src\/offline\//,
  /^src\/state\//,
  // The words of money records show only on screens behind sign-in.
  /^src\/ui\/(?!moneyLabels\.ts$)/,
  /^src\/wallet\//,
  /^src\/main\.tsx$/,
  /^src\/routes\/(__root|index|\[index\]|_auth)\.tsx$/,
];

export type CatalogPart = 'first' | 'rest';

/** Which part a message belongs to, from the files it is used in. */
export function catalogPartOf(origins: readonly string[]): CatalogPart {
  if (origins.length === 0) return 'first';
  return origins.some((file) => FIRST_SCREEN_SOURCES.some((source) => source.test(file)))
    ? 'first'
    : 'rest';
}

const PART_ID = /^(.*\/messages\.po)\?part=(first|rest)$/;

export function catalogParts(): Plugin {
  let config: LinguiConfigNormalized;
  return {
    name: 'ju-catalog-parts',
    enforce: 'pre',
    configResolved() {
      config = getConfig();
    },
    async load(id) {
      const match = PART_ID.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, CatalogPart];
      const found = getCatalogForFile(
        path.relative(config.rootDir, file),
        await getCatalogs(config),
      );
      if (!found) throw new Error(`${file} is not a catalog named in lingui.config.ts`);
      const { locale, catalog } = found;
      this.addWatchFile(file);
      // Origins are the same in every language; the source catalog has them all.
      const source = (await catalog.read(config.sourceLocale)) ?? {};
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales,
        sourceLocale: config.sourceLocale,
      });
      const chosen = Object.fromEntries(
        Object.entries(messages).filter(([messageId]) => {
          const origins = (source[messageId]?.origin ?? []).map(([origin]) => origin);
          return catalogPartOf(origins) === part;
        }),
      );
      const { source: code, errors } = createCompiledCatalog(locale, chosen, { namespace: 'es' });
      if (errors.length) throw new Error(`${file}: ${errors.length} messages do not compile`);
      return { code, moduleType: 'js' };
    },
  };
}
