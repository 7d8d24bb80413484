import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DetailList } from '@contract/rules/item-details';
import { formatNumber } from '@contract/numbers';
import type { DetailEntry, ItemDetailsSnapshot, itemDetailsMachine } from '@machines/console/item-details-machine';
import type { ActorRefFrom } from 'xstate';
import { failureText, useConsoleLanguage } from '../counter/counter-format';
import { NativeField, NativeInput } from '../native-field';
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

/** What the section shows: its phase, its form and notes, and which lists take one more entry. */
const sectionView = (snapshot: ItemDetailsSnapshot) => ({
  phase: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'shown',
  failure: snapshot.context.failure,
  form: snapshot.context.form,
  problems: snapshot.context.problems,
  refusal: snapshot.context.refusal,
  saved: snapshot.context.saved,
  addable: LISTS.filter(({ list }) => snapshot.can({ type: 'entry.add', list }))
    .map(({ list }) => list)
    .join(' '),
});

/**
 * An item's features, colors, labels (code, texture and packaging types) and whether it is ever listed, inside the
 * item editor of a saved item (its chart is the editor's child; the dialog's Save saves it with the rest).
 */
export function ItemDetailsEditor({ actor }: { actor: ActorRefFrom<typeof itemDetailsMachine> }) {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const { phase, failure, form, problems, refusal, saved, addable } = useSelector(actor, sectionView, shallowEqual);
  if (phase !== 'shown') return <SectionGate failure={phase === 'failed' ? failure : null} onRetry={() => actor.send({ type: 'details.retry' })} />;
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
          <Trans>Never listed: customers neither see nor order it</Trans>
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
          <Button size="small" disabled={!addable.split(' ').includes(list)} onClick={() => actor.send({ type: 'entry.add', list })}>
            {t`Add: ${i18n._(entry)}`}
          </Button>
          {/* the list's own problem (too many), not its rows' */}
          {error(detailProblemText(problems.filter((problem) => problem.field === list), list, i18n))}
        </Box>
      ))}
      <SectionOutcome refusal={rowNamed ? null : refusal} saved={saved} testId="item-details-saved">
        <Trans>Features, colors and labels saved.</Trans>
      </SectionOutcome>
    </Box>
  );
}
