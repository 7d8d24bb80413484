import type { TestProject } from 'vitest/node';
import { clearImages, newImagesFolder } from './server/helpers/database-images';

/** One folder per run for the ready-made test databases (tests/server/helpers/test-database.ts), emptied on a rerun. */
export default function setup(project: TestProject) {
  const folder = newImagesFolder();
  project.provide('databaseImages', folder);
  project.onTestsRerun(() => clearImages(folder));
  return () => clearImages(folder, { remove: true });
}
