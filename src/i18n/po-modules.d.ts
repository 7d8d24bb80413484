// @lingui/vite-plugin compiles an imported .po catalog into its messages at build time.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
