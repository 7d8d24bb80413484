import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .po catalog: src/locales/<lang>/messages.po, src/features/<name>/locales/<lang>.po and the console's src/console/locales/<lang>.po. */
function catalogFiles(): { path: string; language: string }[] {
  const files = ['fa', 'en'].map((language) => ({ path: join('src/locales', language, 'messages.po'), language }));
  for (const feature of readdirSync('src/features')) {
    for (const language of ['fa', 'en']) {
      const path = join('src/features', feature, 'locales', `${language}.po`);
      try {
        readFileSync(path);
        files.push({ path, language });
      } catch {
        // A feature without visible text has no catalog.
      }
    }
  }
  // The operator console's own catalog (src/console, a separate app).
  for (const language of ['fa', 'en']) files.push({ path: join('src/console/locales', `${language}.po`), language });
  return files;
}

function entries(path: string): { id: string; translation: string }[] {
  const text = readFileSync(path, 'utf8');
  const found: { id: string; translation: string }[] = [];
  const pattern = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== '') found.push({ id: match[1], translation: match[2] });
  }
  return found;
}

describe('translation catalogs', () => {
  const files = catalogFiles();

  it('Scenario: both languages have a catalog for every place that has one', () => {
    const byLanguage = (language: string) => files.filter((file) => file.language === language).map((file) => file.path.replace(`/${language}`, '/<lang>'));
    expect(byLanguage('fa').sort()).toEqual(byLanguage('en').sort());
  });

  it.each(files.map((file) => [file.path, file.language] as const))('Scenario: every message of %s is translated', (path, language) => {
    const missing = entries(path).filter((entry) => entry.translation.trim() === '').map((entry) => entry.id);
    expect(missing).toEqual([]);
    if (language === 'fa' && entries(path).length > 0) {
      // A Persian catalog whose texts are all Latin has not been translated.
      const persian = entries(path).filter((entry) => /[\u0600-\u06FF]/.test(entry.translation));
      expect(persian.length).toBeGreaterThan(0);
    }
  });
});
