import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import type { ItemOption, OptionStep } from '@contract/entities/catalog';
import { stepTotal, type ItemOptionsContext } from '@machines/item-options-machine';
import { useLanguage } from '@/ui/actor-system';
import { formatNumber, localized } from '@/ui/format';
import { Price } from '@/ui/price';

interface OptionStepsProps {
  context: Pick<ItemOptionsContext, 'steps' | 'options' | 'counts'>;
  canUp: (optionId: number) => boolean;
  canDown: (optionId: number) => boolean;
  onUp: (optionId: number) => void;
  onDown: (optionId: number) => void;
  /** steps a refused submit found below their minimum */
  shortSteps: ReadonlySet<number>;
}

function OptionRow({ option, count, props }: { option: ItemOption; count: number; props: OptionStepsProps }) {
  const { t } = useLingui();
  const language = useLanguage();
  const name = localized(language, option.name, option.name_en);
  return (
    <Box component="li" data-testid="option-row" data-option-name={option.name_en} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="body2" fontWeight={600}>
          {name}
        </Typography>
        {option.price > 0 ? <Price rial={option.price} variant="caption" color="text.secondary" /> : null}
      </Box>
      <IconButton size="small" onClick={() => props.onDown(option.id)} disabled={!props.canDown(option.id)} aria-label={t`One less ${name}`} data-testid="option-down">
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography component="output" aria-live="polite" data-testid="option-count" data-count={count} sx={{ minWidth: 24, textAlign: 'center' }}>
        {formatNumber(count, language)}
      </Typography>
      <IconButton size="small" onClick={() => props.onUp(option.id)} disabled={!props.canUp(option.id)} aria-label={t`One more ${name}`} data-testid="option-up">
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function StepBlock({ step, props }: { step: OptionStep; props: OptionStepsProps }) {
  const language = useLanguage();
  const total = stepTotal(props.context, step.id);
  const min = formatNumber(step.min_count, language);
  const max = formatNumber(step.max_count, language);
  const short = props.shortSteps.has(step.id);
  return (
    <Paper variant="outlined" component="section" data-testid="option-step" data-total={total} sx={{ p: 1.5, borderColor: short ? 'error.main' : undefined }}>
      <Typography component="h2" variant="subtitle1" fontWeight={700}>
        {localized(language, step.name, step.name_en)}
      </Typography>
      <Typography variant="caption" color={short ? 'error' : 'text.secondary'} component="p" data-testid="step-bounds">
        {step.min_count > 0 ? <Trans>At least {min} to choose</Trans> : null}
        {step.min_count > 0 && step.max_count < Number.MAX_SAFE_INTEGER ? ' · ' : null}
        {step.max_count < Number.MAX_SAFE_INTEGER ? <Trans>At most {max} to choose</Trans> : null}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {props.context.options
          .filter((option) => option.step === step.id)
          .map((option) => (
            <OptionRow key={option.id} option={option} count={props.context.counts[option.id] ?? 0} props={props} />
          ))}
      </Box>
    </Paper>
  );
}

/** The option steps of an item: per-option counters bounded by min/max_count and each step's total bounds. */
export function OptionSteps(props: OptionStepsProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {props.context.steps.map((step) => (
        <StepBlock key={step.id} step={step} props={props} />
      ))}
    </Box>
  );
}
