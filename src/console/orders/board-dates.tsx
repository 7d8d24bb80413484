import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import type { Language } from '@contract/enums';
import type { BoardFilters } from '@machines/console/orders-board-machine';
import { PickerField } from '@/ui/pickers/picker-field';

/** The board's "placed from" and "placed to" pickers: a chunk of their own, loaded once the operator asks for them. */
export default function BoardDates({ filters, filter, language, autoFocus }: { filters: BoardFilters; filter: (changed: Partial<BoardFilters>) => void; language: Language; autoFocus: boolean }) {
  const { t } = useLingui();
  return (
    <>
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <PickerField kind="date" language={language} label={t`Placed from`} value={filters.from} onChange={(from) => filter({ from })} size="small" fullWidth autoFocus={autoFocus} testId="board-from" />
      </Box>
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <PickerField kind="date" language={language} label={t`Placed to`} value={filters.to} onChange={(to) => filter({ to })} size="small" fullWidth testId="board-to" />
      </Box>
    </>
  );
}
