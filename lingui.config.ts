import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Keep in step with contract/i18n/locales.ts (a test checks that the two lists agree).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh-TW', 'zh', 'en', 'ja', 'ko', 'th', 'pt', 'ms', 'id', 'vi'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/contract'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
