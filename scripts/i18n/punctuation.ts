// Spacing around colons. A full-width colon (：) carries its own space: in Chinese and Japanese
// nothing follows it but the next word. And an English label ending in a colon ("Available:")
// is a fragment the code glues to a value with its own space, which every language then shows
// after its colon: write one sentence with the value as a placeholder ("Available: {amount}").

export const FULL_WIDTH_LOCALES = ['zh-TW', 'zh', 'ja'] as const;

/** Problems in one language's texts: a space after a full-width colon. */
export function fullWidthColonProblems(locale: string, texts: readonly string[]): string[] {
  if (!(FULL_WIDTH_LOCALES as readonly string[]).includes(locale)) return [];
  return texts
    .filter((text) => /：[\s\u3000]/.test(text))
    .map((text) => `${locale}: a space after a full-width colon in "${text}"`);
}

/** Problems in the English texts: a label ending in a colon, glued to a value by the code. */
export function gluedLabelProblems(english: readonly string[]): string[] {
  return english
    .filter((text) => /:\s*$/.test(text))
    .map(
      (text) =>
        `en: "${text}" ends in a colon; write the value into the message ("${text.trimEnd()} {value}")`,
    );
}
