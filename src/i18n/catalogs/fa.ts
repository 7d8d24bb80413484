import type { Messages } from '@lingui/core';

// Every fa catalog (src/locales and each feature's, lingui.config.ts) in one chunk: only the visitor's language ships with the first screen.
const files = import.meta.glob<{ messages: Messages }>(['../../locales/fa/messages.po', '../../features/*/locales/fa.po'], { eager: true });
export const messages: Messages = Object.assign({}, ...Object.values(files).map((file) => file.messages));
