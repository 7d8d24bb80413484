// The first layer of the app's modules (src/main.tsx): React and React DOM, whose evaluation alone is a task of its own.
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
