import type { Folder } from '@contract/entities/content';

/** /cat/:id/:name with the name made URL-friendly (spaces to dashes, kept in its script). */
export function folderPath(folder: Folder, name: string): string {
  const slug = name.trim().replace(/\s+/g, '-');
  return `/cat/${folder.item_id}/${encodeURIComponent(slug)}`;
}

/** Top-level folders (parent 0) in their sort order. */
export const topLevelFolders = (folders: readonly Folder[]): Folder[] =>
  folders.filter((folder) => folder.folder_id === 0).sort((a, b) => a.sort - b.sort);
