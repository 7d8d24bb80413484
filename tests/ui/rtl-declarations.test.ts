import cssjanus from 'cssjanus';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { describe, expect, it, vi } from 'vitest';
import { rtlDeclarations } from '../../src/ui/rtl-declarations';
import { renderedStyles } from './mui-page';

describe('rtlDeclarations', () => {
  it("mirrors MUI's styles exactly as stylis-plugin-rtl (cssjanus) does", async () => {
    const ltr = renderedStyles([prefixer]);
    const before = renderedStyles([prefixer, rtlPlugin]);
    // A fresh module: its memo of mirrored declarations is empty, whatever another file of this
    // worker mirrored before (test files share modules).
    vi.resetModules();
    const { rtlDeclarations: fresh } = await import('../../src/ui/rtl-declarations');
    const janus = vi.spyOn(cssjanus, 'transform');
    const after = renderedStyles([fresh, prefixer]);
    // cssjanus compiles its expressions on its first call: MUI's own shapes are mirrored without it
    // (only the rare shapes of the sx above go to it)
    expect(new Set(janus.mock.calls.map(([text]) => text.slice(0, text.indexOf(':'))))).toEqual(new Set(['border-color', 'border-style', 'text-shadow', 'background-position']));
    janus.mockRestore();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [name, css] of before) expect([name, after.get(name)]).toEqual([name, css]);
    const mirrored = [...before].filter(([name, css]) => ltr.get(name) !== css).length;
    // the comparison is worth something only if many rules were mirrored
    expect(mirrored).toBeGreaterThan(40);
  });

  // shapes MUI's styles do not have, beside cssjanus on the same rule
  const declarations = [
    'margin:1px 2px 3px 4px', 'margin:1px 2px 3px 4px !important', 'padding:calc(1px + 2px) 2px 3px 4px', 'margin:0 auto', 'margin:1px 2px 3px',
    'border-width:thin medium thick 1px', 'border-radius:1px 2px 3px 4px / 5px 6px', 'border-radius:1px 2px 3px', 'border-radius:var(--r) 2px',
    'border-color:red green blue black', 'border-color:rgba(0, 0, 0, 0.5) red #fff blue', 'border-left-color:red', 'border-style:solid none dotted dashed', 'text-shadow:1px 2px red', 'text-shadow:red -1px 2px',
    'box-shadow:inset -2px 0 red', 'box-shadow:none', 'background:url(left.png) 10% 20%', 'background-position:right 20%', 'background-position-x:25.5%',
    'transform:translate(-4px, 2px)', 'transform:rotate(2deg) translateX(0)', 'cursor:nw-resize', 'cursor:E-RESIZE', 'direction:rtl', 'float:LEFT',
    'content:"left"', 'background-image:url(arrow-right.svg)', 'transition:margin-left 1s, padding-right 2s', 'left:calc(100% - 4px)', 'right:var(--x-left)',
  ];
  it.each(declarations)('mirrors %s as cssjanus does', (declaration) => {
    const rule = `.a{${declaration};}`;
    expect(serialize(compile(rule), middleware([rtlDeclarations, stringify]))).toBe(serialize(compile(cssjanus.transform(rule)), stringify));
  });
});
