import { i18n } from '@lingui/core';

/** English with the source messages, as the app shows when a catalog lacks a message. */
export function activateEnglish(): void {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
}
