// Data for the app inside the page: a JSON element it reads by `id`.

/**
 * A value as JSON fit to stand inside a <script> element: no '<' (so no `</script>` or
 * `<!--`), and no line or paragraph separator, which older parsers take for line ends.
 */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

export const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${inlineJson(value)}</script>`;
