import { shallowEqual, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { currencyName } from '@contract/money';
import { formatNumber, groupTypedNumber, localDigits } from '@contract/numbers';
import type { ExtraField, ItemExtrasSnapshot, itemExtrasMachine, StepField } from '@machines/console/item-extras-machine';
import type { ActorRefFrom } from 'xstate';
import { failureText, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { NativeField, NativeInput, NativeSelect } from '../native-field';
import { optionProblemText } from './item-extras-words';
import { SectionGate, SectionOutcome } from './section-gate';

const sectionSx = { flexBasis: '100%', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, m: 0 } as const;
const rowSx = { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end', mb: 1.5 } as const;

/** What the section shows: its phase, its forms and notes, what may be added, and which way each extra may move. */
const sectionView = (snapshot: ItemExtrasSnapshot) => ({
  phase: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'shown',
  failure: snapshot.context.failure,
  steps: snapshot.context.steps,
  extras: snapshot.context.extras,
  problems: snapshot.context.problems,
  refusal: snapshot.context.refusal,
  saved: snapshot.context.saved,
  stepAddable: snapshot.can({ type: 'step.add' }),
  extraAddable: snapshot.can({ type: 'extra.add' }),
  // per extra: u (may move up) and d (may move down)
  moves: snapshot.context.extras
    .map((_, index) => (snapshot.can({ type: 'extra.move', index, direction: 'up' }) ? 'u' : '') + (snapshot.can({ type: 'extra.move', index, direction: 'down' }) ? 'd' : ''))
    .join(' '),
});

/**
 * The item's option steps and priced extras, inside the item editor of a saved item: the shop's steps (shared by every
 * item: a name and how many may be chosen in all) and this item's extras in their order. Its chart is the editor's
 * child; the dialog's Save saves them with the rest.
 */
export function ItemOptionsEditor({ actor }: { actor: ActorRefFrom<typeof itemExtrasMachine> }) {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const { phase, failure, steps, extras, problems, refusal, saved, stepAddable, extraAddable, moves } = useSelector(actor, sectionView, shallowEqual);
  if (phase !== 'shown') return <SectionGate failure={phase === 'failed' ? failure : null} onRetry={() => actor.send({ type: 'extras.retry' })} />;
  const movable = moves.split(' ');
  const serverField = (refusal?.data as { field?: unknown } | null | undefined)?.field;
  // The rule's words, or the server's for the row it named.
  const note = (prefix: string) =>
    optionProblemText(problems, prefix, i18n) || (refusal && typeof serverField === 'string' && serverField.startsWith(`${prefix}.`) ? failureText(refusal, i18n) : '');
  const rowNamed = typeof serverField === 'string' && /^(steps|extras)\.\d+\./.test(serverField);
  const editStep = (index: number, field: StepField) => (value: string) => actor.send({ type: 'step.edit', index, field, value });
  const editExtra = (index: number, field: ExtraField) => (value: string) => actor.send({ type: 'extra.edit', index, field, value });
  const money = currencyName(currency, language);
  // A row's number in the language's digits.
  const ordinal = (index: number) => formatNumber(index + 1, language);
  const error = (text: string) => (text ? <Box sx={{ color: 'error.main', flexBasis: '100%' }}>{text}</Box> : null);
  return (
    <Box component="fieldset" sx={sectionSx} data-testid="item-options-editor">
      <legend>
        <Trans>Option steps and extras</Trans>
      </legend>
      <Typography variant="subtitle2" component="h3">
        <Trans>Steps of the shop (every item shares them)</Trans>
      </Typography>
      {steps.map((step, index) => {
        const nth = ordinal(index);
        return (
          <Box key={step.id} sx={rowSx}>
            <NativeField label={t`Step ${nth} (Persian)`}>
              <NativeInput value={step.name} dir="rtl" onChange={editStep(index, 'name')} />
            </NativeField>
            <NativeField label={t`Step ${nth} (English)`}>
              <NativeInput value={step.name_en} dir="ltr" onChange={editStep(index, 'name_en')} />
            </NativeField>
            <NativeField label={t`Fewest chosen in all`}>
              <NativeInput value={localDigits(step.min_count, language)} inputMode="numeric" onChange={editStep(index, 'min_count')} />
            </NativeField>
            <NativeField label={t`Most chosen in all`}>
              <NativeInput value={localDigits(step.max_count, language)} inputMode="numeric" onChange={editStep(index, 'max_count')} />
            </NativeField>
            <Button onClick={() => actor.send({ type: 'step.remove', index })}>{t`Remove step ${nth}`}</Button>
            {error(note(`steps.${index}`))}
          </Box>
        );
      })}
      <Button size="small" disabled={!stepAddable} onClick={() => actor.send({ type: 'step.add' })}>
        <Trans>Add a step</Trans>
      </Button>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        <Trans>Extras of this item, in their order</Trans>
      </Typography>
      {extras.map((extra, index) => {
        const nth = ordinal(index);
        return (
          <Box key={extra.id ?? `new-${index}`} sx={rowSx} data-testid="item-extra">
            <NativeField label={t`Step of extra ${nth}`}>
              <NativeSelect value={String(extra.step)} onChange={(value) => actor.send({ type: 'extra.step', index, step: Number(value) })}>
                {steps.map((step) => (
                  <option key={step.id} value={String(step.id)}>
                    {(language === 'en' ? step.name_en : step.name) || t`Step ${formatNumber(step.id, language)}`}
                  </option>
                ))}
              </NativeSelect>
            </NativeField>
            <NativeField label={t`Extra ${nth} (Persian)`}>
              <NativeInput value={extra.name} dir="rtl" onChange={editExtra(index, 'name')} />
            </NativeField>
            <NativeField label={t`Extra ${nth} (English)`}>
              <NativeInput value={extra.name_en} dir="ltr" onChange={editExtra(index, 'name_en')} />
            </NativeField>
            <NativeField label={t`Price of extra ${nth} (${money})`}>
              <NativeInput value={groupTypedNumber(extra.price, language)} inputMode="numeric" onChange={editExtra(index, 'price')} />
            </NativeField>
            <NativeField label={t`Fewest of extra ${nth}`}>
              <NativeInput value={localDigits(extra.min_count, language)} inputMode="numeric" onChange={editExtra(index, 'min_count')} />
            </NativeField>
            <NativeField label={t`Most of extra ${nth}`}>
              <NativeInput value={localDigits(extra.max_count, language)} inputMode="numeric" onChange={editExtra(index, 'max_count')} />
            </NativeField>
            <IconButton aria-label={t`Move extra ${nth} up`} disabled={!movable[index]?.includes('u')} onClick={() => actor.send({ type: 'extra.move', index, direction: 'up' })}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={t`Move extra ${nth} down`} disabled={!movable[index]?.includes('d')} onClick={() => actor.send({ type: 'extra.move', index, direction: 'down' })}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <Button onClick={() => actor.send({ type: 'extra.remove', index })}>{t`Remove extra ${nth}`}</Button>
            {error(note(`extras.${index}`))}
          </Box>
        );
      })}
      <Button size="small" disabled={!extraAddable} onClick={() => actor.send({ type: 'extra.add' })}>
        <Trans>Add an extra</Trans>
      </Button>
      <SectionOutcome refusal={rowNamed ? null : refusal} saved={saved} testId="item-extras-saved">
        <Trans>Steps and extras saved.</Trans>
      </SectionOutcome>
    </Box>
  );
}
