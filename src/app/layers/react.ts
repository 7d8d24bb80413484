// The first layer of the app's modules (src/main.tsx): React.
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
