import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DetailList } from '@contract/rules/item-details';
import { formatNumber } from '@contract/numbers';
import type { DetailEntry } from '@machines/console/item-details-machine';
import { useScreenFlow } from '@/ui/actor-system';
import { failureText, useConsoleLanguage } from '../counter/counter-format';
import { NativeField, NativeInput } from '../native-field';
import { itemDetailsFlow } from './item-details-flow';
import { detailProblemText } from './item-details-words';
import { SectionGate, SectionOutcome } from './section-gate';

const rowSx = { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end', mb: 1 } as const;

/** Each list's heading and the name of one of its entries. */
const LISTS: { list: DetailList; heading: MessageDescriptor; entry: MessageDescriptor }[] = [
  { list: 'features', heading: msg`Features the customer chooses from`, entry: msg`Feature` },
  { list: 'colors', heading: msg`Colors the customer chooses from`, entry: msg`Color` },
  { list: 'texture_types', heading: msg`Texture types (shown)`, entry: msg`Texture` },
  { list: 'packaging_types', heading: msg`Packaging types (shown)`, entry: msg`Packaging` },
];

/**
 * An item's features, colors, labels (code, texture and packaging types) and type 12 (issue 32), inside the item
 * editor of a saved item, with their own save. The chart checks them with contract/rules/item-details.ts first.
 */
export function ItemDetailsEditor({ itemId }: { itemId: number }) {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const actor = useScreenFlow(itemDetailsFlow(), { itemId }, String(itemId));
  const snapshot = useSelector(actor, (current) => current ?? null);
  if (!actor || !snapshot || snapshot.matches('loading') || snapshot.matches('failed')) {
    return <SectionGate failure={snapshot?.matches('failed') ? snapshot.context.failure : null} onRetry={() => actor?.send({ type: 'details.retry' })} />;
  }
  const { form, problems, refusal, saved } = snapshot.context;
  const serverField = (refusal?.data as { field?: unknown } | null | undefined)?.field;
  const note = (prefix: string) =>
    detailProblemText(problems, prefix, i18n) || (refusal && typeof serverField === 'string' && (serverField === prefix || serverField.startsWith(`${prefix}.`)) ? failureText(refusal, i18n) : '');
  const rowNamed = typeof serverField === 'string' && (serverField === 'code' || /^\w+\.\d+\./.test(serverField));
  const error = (text: string) => (text ? <Box sx={{ color: 'error.main', flexBasis: '100%' }}>{text}</Box> : null);
  return (
    <Box component="fieldset" sx={{ flexBasis: '100%', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, m: 0 }} data-testid="item-details-editor">
      <legend>
        <Trans>Features, colors and labels</Trans>
      </legend>
      <Box sx={rowSx}>
        <Box component="label" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexBasis: '100%' }}>
          <input type="checkbox" checked={form.hidden} onChange={(event) => actor.send({ type: 'hidden.set', hidden: event.currentTarget.checked })} />
          <Trans>Never listed (type 12): customers neither see nor order it</Trans>
        </Box>
        <NativeField label={t`Product code`}>
          <NativeInput value={form.code} dir="ltr" onChange={(value) => actor.send({ type: 'code.edit', value })} />
        </NativeField>
        {error(note('code'))}
      </Box>
      {LISTS.map(({ list, heading, entry }) => (
        <Box key={list} sx={{ mb: 1 }}>
          <Typography variant="subtitle2" component="h3">
            {i18n._(heading)}
          </Typography>
          {form[list].map((row: DetailEntry, index) => {
            const name = `${i18n._(entry)} ${formatNumber(index + 1, language)}`;
            const edit = (field: keyof DetailEntry) => (value: string) => actor.send({ type: 'entry.edit', list, index, field, value });
            return (
              <Box key={index} sx={rowSx}>
                <NativeField label={t`${name} (Persian)`}>
                  <NativeInput value={row.name} dir="rtl" onChange={edit('name')} />
                </NativeField>
                <NativeField label={t`${name} (English)`}>
                  <NativeInput value={row.name_en} dir="ltr" onChange={edit('name_en')} />
                </NativeField>
                {row.hex === undefined ? null : (
                  <NativeField label={t`${name}: colour`} grow={0}>
                    <NativeInput type="color" value={row.hex} onChange={edit('hex')} />
                  </NativeField>
                )}
                <Button onClick={() => actor.send({ type: 'entry.remove', list, index })}>{t`Remove ${name}`}</Button>
                {error(note(`${list}.${index}`))}
              </Box>
            );
          })}
          <Button size="small" disabled={!snapshot.can({ type: 'entry.add', list })} onClick={() => actor.send({ type: 'entry.add', list })}>
            {t`Add: ${i18n._(entry)}`}
          </Button>
          {/* the list's own problem (too many), not its rows' */}
          {error(detailProblemText(problems.filter((problem) => problem.field === list), list, i18n))}
        </Box>
      ))}
      <Button variant="outlined" size="small" disabled={snapshot.matches('saving')} onClick={() => actor.send({ type: 'details.save' })}>
        <Trans>Save features, colors and labels</Trans>
      </Button>
      <SectionOutcome refusal={rowNamed ? null : refusal} saved={saved} testId="item-details-saved">
        <Trans>Features, colors and labels saved.</Trans>
      </SectionOutcome>
    </Box>
  );
}
