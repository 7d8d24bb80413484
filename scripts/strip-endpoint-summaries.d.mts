import type { PluginObj } from '@babel/core';

/** A Babel plugin: drops the text `summary` of every endpoint in the contract's endpoint files from the SPA's builds. */
export default function stripEndpointSummaries(): PluginObj;
