import { BOOT_ELEMENT_ID, BOOT_VERSION, type BootData, type BootStep } from '@contract/boot';
import { DEFAULT_LANGUAGE, type Language } from '@contract/enums';

/** The startup steps the block can answer (all of spec §4's but the language: contract/boot.ts's table). */
export type { BootStep };

/** The first screen's own data the block may hold: a category page's list, a product page's product. */
type ScreenStep = 'list' | 'item';
const SCREEN_STEPS: Record<string, ScreenStep> = { get_list_item: 'list', get_item: 'item' };

/**
 * The boot data index.html carries for this visit (contract/boot.ts), each step
 * handed out once: the first startup resolves from it, a retry or a language
 * change calls the API. A block that may be stale is not used at all.
 */
export interface BootBlock {
  /** the visitor's language: the stored choice, else the one the server answered in, else fa */
  language: Language;
  /** whether this startup uses the block: when not, the first screen the server drew from it is not the app's either */
  used: boolean;
  /** the step's data, the first time it is asked and the block holds it; else undefined (call the API) */
  take: <K extends BootStep>(step: K) => BootData[K] | undefined;
  /** a screen's data the block holds for exactly this code and request (a category's list, a product), once; else undefined */
  takeScreenData: (code: string, request: Record<string, unknown>) => unknown;
}

/** A request as text that does not depend on key order or absent (undefined) fields. */
const requestKey = (request: Record<string, unknown>) =>
  JSON.stringify(
    Object.entries(request)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** The page came from history (back/forward): its HTML may be an old copy from the cache. */
function fromHistory(): boolean {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  return (navigation as PerformanceNavigationTiming | undefined)?.type === 'back_forward';
}

function parseBlock(): BootData | null {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as BootData;
    return data && data.v === BOOT_VERSION ? data : null;
  } catch {
    return null;
  }
}

/** Reads this page's block (once per page load: call it once, in the composition root). */
export function readBootBlock(storedLanguage: Language | null): BootBlock {
  const parsed = parseBlock();
  const language = storedLanguage ?? parsed?.language ?? DEFAULT_LANGUAGE;
  // In another language than the visitor's (a choice made before the cookie existed), or from history: unused.
  let data: BootData | null = parsed && parsed.language === language && !fromHistory() ? parsed : null;
  // Once: a later run of the step (retry, language change) asks the server again.
  const takeOnce = <K extends BootStep | ScreenStep>(step: K): BootData[K] | undefined => {
    if (!data || !(step in data)) return undefined;
    const value = data[step];
    const { [step]: _taken, ...rest } = data;
    data = rest as BootData;
    return value;
  };
  return {
    language,
    used: data !== null,
    take: takeOnce,
    takeScreenData(code, request) {
      const step = SCREEN_STEPS[code];
      const held = step ? data?.[step] : undefined;
      if (!step || !held || requestKey(held.request) !== requestKey(request)) return undefined;
      return takeOnce(step)?.data;
    },
  };
}
