/**
 * A PO catalog as a module: @lingui/vite-plugin compiles `src/messages/locales/{locale}/{part}.po`
 * at build time (and under Vitest) into its compiled messages, so no ICU parser ships
 * (docs/decisions/0024-languages.md).
 */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
