// Lighthouse 12 (the last line that runs on Node 20) on Debian's Chromium against a freshly
// started production server: the default (mobile) config — mobile emulation, simulated slow 4G —
// with the performance, accessibility, best-practices and seo categories, the median of N runs
// (by performance score) for each page × language of the kebab shop. Prints the figures beside
// issue 11's targets, the top opportunities and the failing audits; writes every run's JSON (and
// the median's HTML) report to a folder it names. A benchmark, not a test: exits 0 after
// printing, non-zero only when something could not run.
//
//   npm run bench:lighthouse                  build, then everything (3 runs of 8 page × language)
//   npm run bench:lighthouse -- --runs 1 --pages home --langs fa
//   node scripts/bench-lighthouse.mjs ...     the same without building first
//
// Options: --runs N (3), --pages home,category,item,cart (all), --langs fa,en (both),
// --port P (a free port), --out DIR (a new temporary folder).
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import console from 'node:console';
import process from 'node:process';
import { freePort, startBuiltServer } from './built-server.mjs';
import lighthouse, { Audit, Gatherer } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const PAGES = ['home', 'category', 'item', 'cart'];
const LANGS = ['fa', 'en'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Issue 11's figures to reach on every page. */
const TARGETS = { performance: 95, lcp: 2000, tbt: 150, cls: 0.02, accessibility: 100, bestPractices: 100 };

const list = (value, allowed, name) => {
  const chosen = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const unknown = chosen.filter((entry) => !allowed.includes(entry));
  if (chosen.length === 0 || unknown.length > 0) throw new Error(`--${name} takes a comma-separated subset of ${allowed.join(',')}, got ${value}`);
  return allowed.filter((entry) => chosen.includes(entry));
};

let options;
try {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      pages: { type: 'string', default: PAGES.join(',') },
      langs: { type: 'string', default: LANGS.join(',') },
      port: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1, got ${values.runs}`);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) throw new Error(`--port must be a port number, got ${values.port}`);
  options = { runs, pages: list(values.pages, PAGES, 'pages'), langs: list(values.langs, LANGS, 'langs'), port, out: values.out };
} catch (error) {
  console.error(`bench:lighthouse: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync('dist/spa/index.html')) {
  console.error('bench:lighthouse: no dist/spa/index.html: run "npm run build" first (npm run bench:lighthouse does).');
  process.exit(1);
}

/**
 * What the page shows once Lighthouse is done with it: the language of <html> and how much of the
 * visible text is in Persian script, so the report says whether an en page really rendered in en.
 */
class PageLanguage extends Gatherer {
  meta = { supportedModes: ['navigation', 'timespan', 'snapshot'] };

  async getArtifact(context) {
    return context.driver.executionContext.evaluate(
      // Runs in the page.
      () => {
        const { document } = globalThis;
        const text = document.body ? document.body.innerText : '';
        return {
          lang: document.documentElement.getAttribute('lang'),
          dir: document.documentElement.getAttribute('dir'),
          title: document.title,
          persianLetters: (text.match(/[\u0600-\u06FF]/g) ?? []).length,
          latinLetters: (text.match(/[A-Za-z]/g) ?? []).length,
          cartLines: document.querySelectorAll('[data-testid="cart-line"]').length,
        };
      },
      { args: [], useIsolation: true },
    );
  }
}

/** Carries the PageLanguage artifact (and the served HTML's lang) into the report; never scored. */
class PageLanguageAudit extends Audit {
  static get meta() {
    return {
      id: 'bench-page-language',
      title: 'Language the page rendered in',
      description: 'The lang attribute of the served HTML and of the rendered page, and the script of the visible text.',
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      requiredArtifacts: ['PageLanguage', 'MainDocumentContent'],
    };
  }

  static audit(artifacts) {
    const served = /<html[^>]*\slang=["']?([\w-]+)/i.exec(artifacts.MainDocumentContent ?? '')?.[1] ?? null;
    return { score: 1, details: { type: 'debugdata', items: [{ ...artifacts.PageLanguage, servedLang: served }] } };
  }
}

/** The default config (mobile, simulated slow 4G) with the language probe beside it. */
const config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'PageLanguage', gatherer: { implementation: PageLanguage } }],
  audits: [{ implementation: PageLanguageAudit }],
  categories: { 'bench-language': { title: 'Language (bench:lighthouse)', auditRefs: [{ id: 'bench-page-language', weight: 0 }] } },
  settings: { onlyCategories: [...CATEGORIES, 'bench-language'] },
};

const port = options.port ?? (await freePort());
const host = `kebab.localhost:${port}`;
const origin = `http://${host}`;
const base = '/order/v2/';

/** One HTTP exchange with the server (Host: the kebab shop); the body as text. */
const exchange = (method, path, { body, headers = {} } = {}) =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

/** POST /order/order.php as the SPA does (same-origin Origin, so the CSRF check passes); the envelope's data. */
async function api(code, fields = {}, cookie) {
  const body = new URLSearchParams({ code, ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])) }).toString();
  const reply = await exchange('POST', '/order/order.php', {
    body,
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...(cookie ? { cookie } : {}) },
  });
  const json = JSON.parse(reply.text);
  if (reply.status !== 200 || json.status !== true) throw new Error(`${code} answered ${reply.status}: ${json.result} ${json.message}`);
  return { data: json.data, setCookie: [reply.headers['set-cookie'] ?? []].flat() };
}

/** A name made URL-friendly as the SPA does (src/ui/item-path.ts). */
const urlName = (name) => encodeURIComponent(name.trim().replace(/\s+/g, '-'));

// The production server as an operator starts it: a fresh PGlite folder (so the demo shops are
// seeded), no online payment gateway (production's default), the kebab shop as the default one; a demo's
// console SMS (no page measured sends one; production refuses it unless SMS_CONSOLE_DEMO says so).
const server = startBuiltServer({ port, env: { NODE_ENV: 'production', PAYMENT_GATEWAY: '', SMS_CONSOLE_DEMO: '1' }, name: 'bench-lighthouse' });
const stop = () => server.stop();
process.once('SIGINT', () => {
  void stop().then(() => process.exit(130));
});

const median = (runs) => [...runs].sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0))[Math.floor(runs.length / 2)];

/** The figures of one report. */
function figures(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    performance: score('performance'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
}

/**
 * The performance audits that are not passed and promise savings, best first (ms, then bytes, then
 * CLS): Lighthouse's opportunities (details type "opportunity") and the other diagnostics apart.
 */
function savings(lhr) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const entries = refs
    .filter((ref) => ref.group !== 'metrics' && ref.group !== 'hidden')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && !['notApplicable', 'manual', 'error'].includes(audit.scoreDisplayMode))
    .map((audit) => {
      const metricMs = Object.entries(audit.metricSavings ?? {})
        .filter(([metric]) => metric !== 'CLS')
        .map(([, saving]) => saving ?? 0);
      const ms = Math.max(audit.details?.overallSavingsMs ?? 0, ...metricMs, 0);
      const bytes = audit.details?.overallSavingsBytes ?? 0;
      const cls = audit.metricSavings?.CLS ?? 0;
      return { id: audit.id, opportunity: audit.details?.type === 'opportunity', ms, bytes, cls, display: audit.displayValue ?? '' };
    })
    .filter((entry) => entry.ms > 0 || entry.bytes > 0 || entry.cls > 0)
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes || b.cls - a.cls);
  return { opportunities: entries.filter((entry) => entry.opportunity), diagnostics: entries.filter((entry) => !entry.opportunity) };
}

/** Ids of the failing audits of a category; those that do not count towards its score (weight 0) are marked. */
function failing(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
    .map(({ ref }) => (ref.weight > 0 ? ref.id : `${ref.id} (weight 0)`));
}

let exitCode = 0;
try {
  await server.whenReady(async () => (await exchange('GET', base)).status === 200);

  // A category and an item with options (sizes and sauces) from the seed, through the API.
  const tree = (await api('get_tree_item')).data;
  const pizzaFolder = tree.find((folder) => folder.name_en === 'Pizza');
  if (!pizzaFolder) throw new Error('the kebab shop has no Pizza folder (server/seed/shops/kebab.ts)');
  const pizzas = (await api('get_list_item', { id: pizzaFolder.item_id, pagination: 0 })).data.items;
  const pizza = pizzas.find((item) => item.name_en === 'Special pizza');
  if (!pizza) throw new Error('the kebab shop has no Special pizza');
  // A guest cart with one line: the first write sets the httpOnly gid cookie.
  const added = await api('cart_controller', { item_id: pizza.item_id, count: 1, size_name: '30 cm' });
  if (added.data.lines?.length !== 1) throw new Error(`cart_controller left ${added.data.lines?.length} lines in the new guest cart`);
  const gid = added.setCookie.map((cookie) => /^gid=([^;]*)/.exec(cookie)?.[1]).find(Boolean);
  if (!gid) throw new Error('cart_controller set no gid cookie for the guest');

  const localized = (lang, fa, en) => (lang === 'en' ? en : fa);
  const pages = {
    home: { label: 'home', path: () => base },
    category: { label: 'category (Pizza)', path: (lang) => `${base}cat/${pizzaFolder.item_id}/${urlName(localized(lang, pizzaFolder.name, pizzaFolder.name_en))}` },
    item: { label: 'item (Special pizza)', path: (lang) => `${base}item/${pizza.item_id}/${urlName(localized(lang, pizza.name, pizza.name_en))}` },
    cart: { label: 'cart, 1 line (/basket)', path: () => `${base}basket`, cookie: `gid=${gid}` },
  };

  const outDir = options.out ?? mkdtempSync(join(tmpdir(), 'storefront-lighthouse-'));
  mkdirSync(outDir, { recursive: true });
  const combos = options.pages.flatMap((page) => options.langs.map((lang) => ({ page, lang, runs: [] })));
  console.log(`Lighthouse 12 (${CHROME_PATH}), mobile preset, median of ${options.runs} by performance, production server on ${origin}${base}`);
  console.log(`Load average at the start ${loadavg().map((load) => load.toFixed(1)).join(' ')} (${cpus().length} cores)`);

  // Runs interleaved (run 1 of every page, then run 2 …) so a busy moment of the machine does not hit one page only.
  for (let run = 1; run <= options.runs; run += 1) {
    for (const combo of combos) {
      const page = pages[combo.page];
      const url = origin + page.path(combo.lang);
      // The server-side language choice the lead is adding reads the lang cookie, then Accept-Language.
      const cookie = [page.cookie, `lang=${combo.lang}`].filter(Boolean).join('; ');
      const started = Date.now();
      let result;
      // A trace Lighthouse could not read (NO_NAVSTART: "please run Lighthouse again") is a fault of the
      // recording, not of the page: that run is made again, at most twice, and said so.
      for (let attempt = 1; ; attempt += 1) {
        const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
        try {
          result = await lighthouse(url, { port: chrome.port, output: ['json', 'html'], logLevel: 'error', extraHeaders: { Cookie: cookie, 'Accept-Language': combo.lang } }, config);
        } finally {
          await chrome.kill();
        }
        if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART' || attempt === 3) break;
        console.log(`  run ${run}/${options.runs} ${combo.page} ${combo.lang}: Lighthouse lost the trace's navigation start (NO_NAVSTART); made again`);
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const name = `${combo.page}-${combo.lang}-run${run}`;
      writeFileSync(join(outDir, `${name}.json`), result.report[0]);
      combo.runs.push({ lhr: result.lhr, html: result.report[1], name });
      const f = figures(result.lhr);
      console.log(`  run ${run}/${options.runs} ${combo.page} ${combo.lang}: performance ${f.performance}, LCP ${(f.lcp / 1000).toFixed(1)} s (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }

  const rows = combos.map((combo) => {
    const chosen = median(combo.runs);
    writeFileSync(join(outDir, `${combo.page}-${combo.lang}-median.html`), chosen.html);
    const language = chosen.lhr.audits['bench-page-language']?.details?.items?.[0] ?? null;
    return { ...combo, lhr: chosen.lhr, name: chosen.name, f: figures(chosen.lhr), language, spread: combo.runs.map((r) => figures(r.lhr).performance) };
  });

  // The table: page × language, misses of the targets marked with ✗.
  const miss = (bad) => (bad ? '✗' : ' ');
  const cell = (text, width, bad) => `${String(text ?? '–').padStart(width)}${miss(bad)}`;
  const seconds = (ms) => (ms == null ? '–' : `${(ms / 1000).toFixed(1)} s`);
  const header = ['page', 'lang', 'perf', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'a11y', 'best', 'SEO', 'runs (perf)'];
  const widths = [24, 4, 5, 7, 7, 8, 6, 7, 5, 5, 5, 0];
  console.log('');
  console.log(`Targets: performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcp / 1000} s, TBT ≤ ${TARGETS.tbt} ms, CLS ≤ ${TARGETS.cls}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices} (✗ = missed)`);
  console.log(header.map((h, i) => (i < 2 ? h.padEnd(widths[i]) : i === header.length - 1 ? `  ${h}` : `${h.padStart(widths[i])} `)).join(' '));
  for (const { page, lang, f, spread } of rows) {
    console.log(
      [
        pages[page].label.padEnd(widths[0]),
        lang.padEnd(widths[1]),
        cell(f.performance, widths[2], f.performance < TARGETS.performance),
        cell(seconds(f.fcp), widths[3], false),
        cell(seconds(f.lcp), widths[4], f.lcp > TARGETS.lcp),
        cell(f.tbt == null ? null : `${Math.round(f.tbt)} ms`, widths[5], f.tbt > TARGETS.tbt),
        cell(f.cls == null ? null : f.cls.toFixed(3), widths[6], f.cls > TARGETS.cls),
        cell(seconds(f.si), widths[7], false),
        cell(f.accessibility, widths[8], f.accessibility < TARGETS.accessibility),
        cell(f.bestPractices, widths[9], f.bestPractices < TARGETS.bestPractices),
        cell(f.seo, widths[10], false),
        `  ${spread.join(', ')}`,
      ].join(' '),
    );
  }

  const indexes = rows.map((row) => row.lhr.environment?.benchmarkIndex).filter(Number.isFinite);
  console.log(`Lighthouse's benchmarkIndex (CPU speed, higher is faster) ${Math.min(...indexes)}–${Math.max(...indexes)}; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')} (${cpus().length} cores)`);

  console.log('\nRendered language (sent Cookie lang=<lang> and Accept-Language: <lang>; <html lang> as served → after render, letters of the visible text):');
  for (const { page, lang, language } of rows) {
    if (!language) {
      console.log(`  ${pages[page].label.padEnd(24)} ${lang}: not measured`);
      continue;
    }
    const letters = language.persianLetters + language.latinLetters;
    const persian = letters === 0 ? 0 : Math.round((100 * language.persianLetters) / letters);
    const ok = language.lang === lang ? `rendered in ${lang}` : `NOT in ${lang} (rendered ${language.lang ?? 'without lang'})`;
    const lines = page === 'cart' ? `, ${language.cartLines} cart line(s) shown` : '';
    console.log(`  ${pages[page].label.padEnd(24)} ${lang}: ${ok}; lang ${language.servedLang ?? '–'} → ${language.lang ?? '–'}, dir ${language.dir ?? '–'}, ${persian}% Persian letters${lines}, title «${language.title}»`);
  }

  console.log('\nTop opportunities and diagnostics by estimated savings, and failing audits (median run):');
  for (const { page, lang, lhr } of rows) {
    console.log(`  ${pages[page].label} ${lang}:`);
    const found = savings(lhr);
    const describe = (entry) => {
      const amounts = [entry.ms > 0 ? `~${Math.round(entry.ms)} ms` : null, entry.bytes > 0 ? `~${Math.round(entry.bytes / 1024)} KiB` : null, entry.cls > 0 ? `CLS ${entry.cls.toFixed(3)}` : null];
      return `${entry.id} ${amounts.filter(Boolean).join(', ')}${entry.display && !/^Est savings/.test(entry.display) ? ` (${entry.display})` : ''}`;
    };
    console.log(`    opportunities: ${found.opportunities.slice(0, 3).map(describe).join('; ') || 'none with estimated savings'}`);
    console.log(`    diagnostics:   ${found.diagnostics.slice(0, 3).map(describe).join('; ') || 'none with estimated savings'}`);
    for (const [category, label] of [['accessibility', 'accessibility'], ['best-practices', 'best practices'], ['seo', 'SEO']]) {
      const ids = failing(lhr, category);
      if (ids.length > 0) console.log(`    failing ${label}: ${ids.join(', ')}`);
    }
  }
  console.log(`\nReports: ${outDir} (<page>-<lang>-run<N>.json for every run, <page>-<lang>-median.html for the median)`);
} catch (error) {
  console.error(`bench:lighthouse: ${error instanceof Error ? error.stack : error}`);
  exitCode = 1;
} finally {
  await stop();
}
process.exit(exitCode);
