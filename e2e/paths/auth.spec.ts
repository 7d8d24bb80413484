import { test } from '../fixtures';
import { shopUrl } from '../shops';
import { assertMapped, choosePaths, describePath } from './chart-model';
import { authMap } from './auth-map';
import { drive } from './drive';

// A state or event of the chart with no mapping fails the run here, by name.
assertMapped(authMap as never);
const { shortest, simple } = choosePaths(authMap as never);

test.describe('auth chart paths at the kebab shop', () => {
  test.use({ baseURL: shopUrl('kebab') });

  const paths = [...shortest.map((path) => ['shortest', path] as const), ...simple.map((path) => ['simple', path] as const)];
  for (const [index, [kind, path]] of paths.entries()) {
    test(`${kind}: ${describePath(path)}`, async ({ page, request }) => {
      // A visitor stopped at a login-only page is sent to log in, with a phone of this path alone.
      await page.goto('./profile');
      await drive(page, authMap, path, { phone: `0935720${String(index).padStart(4, '0')}`, request });
    });
  }
});
