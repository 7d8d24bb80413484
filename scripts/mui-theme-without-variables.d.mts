import type { Plugin } from 'vite';

export default function muiThemeWithoutVariables(): Plugin;
