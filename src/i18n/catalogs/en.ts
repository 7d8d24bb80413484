import type { Messages } from '@lingui/core';

// Every en catalog (src/locales and each feature's, lingui.config.ts) in one chunk: only the visitor's language ships with the first screen.
const files = import.meta.glob<{ messages: Messages }>(['../../locales/en/messages.po', '../../features/*/locales/en.po'], { eager: true });
export const messages: Messages = Object.assign({}, ...Object.values(files).map((file) => file.messages));
