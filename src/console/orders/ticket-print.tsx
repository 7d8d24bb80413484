import { useLayoutEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { TICKET_ID, TICKET_MONEY } from './order-ticket';

export type Paper = 'receipt' | 'a4';
/** The customer's copy has the prices; the kitchen's only what to make. */
export type Copy = 'customer' | 'kitchen';
export interface PrintChoice {
  paper: Paper;
  copy: Copy;
}

const RECEIPT = { widthMm: 80, marginMm: 3, fontPt: 11 };
/** Below this a roll printer's cutter leaves a stub; above the measured ticket, a few mm keep the last line off the cut. */
const RECEIPT_MIN_MM = 60;
const RECEIPT_SLACK_MM = 4;
const MM_PER_PX = 25.4 / 96;

/**
 * How tall the ticket prints on the 80 mm roll: a copy laid out at the roll's printable width and font, measured and
 * removed. A roll has no page height, and `@page { size: 80mm auto }` is not CSS (Chromium drops it and prints Letter).
 */
function receiptHeightMm(ticket: HTMLElement, copy: Copy): number {
  const probe = ticket.cloneNode(true) as HTMLElement;
  probe.removeAttribute('id');
  probe.setAttribute('aria-hidden', 'true');
  if (copy === 'kitchen') for (const money of probe.querySelectorAll(`[${TICKET_MONEY}]`)) money.remove();
  Object.assign(probe.style, {
    position: 'absolute',
    visibility: 'hidden',
    insetBlockStart: '0',
    insetInlineStart: '-10000px',
    width: `${RECEIPT.widthMm - 2 * RECEIPT.marginMm}mm`,
    fontSize: `${RECEIPT.fontPt}pt`,
    border: '0',
    padding: '0',
  });
  document.body.append(probe);
  const contentMm = probe.getBoundingClientRect().height * MM_PER_PX;
  probe.remove();
  return Math.max(RECEIPT_MIN_MM, Math.ceil(contentMm + 2 * RECEIPT.marginMm + RECEIPT_SLACK_MM));
}

/** The ticket's printed height on the roll, measured again whenever the ticket or the copy changes. */
function useReceiptHeight({ paper, copy }: PrintChoice): number {
  const [height, setHeight] = useState(RECEIPT_MIN_MM);
  useLayoutEffect(() => {
    const ticket = document.getElementById(TICKET_ID);
    if (paper !== 'receipt' || !ticket) return;
    // Measured on screen only: while printing, the print styles take the probe off the page too.
    const measure = () => {
      if (!window.matchMedia('print').matches) setHeight(receiptHeightMm(ticket, copy));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(ticket);
    measure();
    return () => observer.disconnect();
  }, [paper, copy]);
  return height;
}

/**
 * Printed, the page is the ticket alone: on the 80 mm roll (a page exactly as tall as the ticket) or an A4 sheet; the
 * kitchen's copy without its prices. Rendered beside the ticket, whose size it measures.
 */
export function TicketPrintStyles({ choice }: { choice: PrintChoice }) {
  const receiptHeight = useReceiptHeight(choice);
  const receipt = choice.paper === 'receipt';
  return (
    <GlobalStyles
      styles={{
        '@page': receipt ? { size: `${RECEIPT.widthMm}mm ${receiptHeight}mm`, margin: `${RECEIPT.marginMm}mm` } : { size: 'A4', margin: '15mm' },
        '@media print': {
          // Only the ticket takes room on paper: what does not hold it is gone (hidden things would still be laid
          // out, and print as blank pages); what holds it keeps no room of its own.
          [`body *:not(:has(#${TICKET_ID})):not(#${TICKET_ID}):not(#${TICKET_ID} *)`]: { display: 'none !important' },
          [`body *:has(#${TICKET_ID})`]: { position: 'static', margin: 0, padding: 0, border: 0, width: 'auto', maxWidth: 'none', minHeight: 0, height: 'auto', overflow: 'visible', boxShadow: 'none', background: 'none' },
          [`#${TICKET_ID}`]: { margin: 0, border: 0, padding: 0, fontSize: receipt ? `${RECEIPT.fontPt}pt` : '12pt', color: '#000', background: 'none' },
          [`#${TICKET_ID} a`]: { color: '#000', textDecoration: 'none' },
          ...(choice.copy === 'kitchen' ? { [`#${TICKET_ID} [${TICKET_MONEY}]`]: { display: 'none' } } : {}),
        },
      }}
    />
  );
}

/** Paper and copy for the ticket, and the Print button (the browser's print dialog, with the print styles above). */
export function PrintBar({ choice, onChange }: { choice: PrintChoice; onChange: (choice: PrintChoice) => void }) {
  const { t } = useLingui();
  const select = { font: 'inherit', p: 0.5 } as const;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-print="hide">
      <Box component="label" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Trans>Paper</Trans>
        <Box component="select" value={choice.paper} onChange={(event) => onChange({ ...choice, paper: (event.target as HTMLSelectElement).value as Paper })} sx={select}>
          <option value="receipt">{t`Receipt (80 mm)`}</option>
          <option value="a4">{t`A4`}</option>
        </Box>
      </Box>
      <Box component="label" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Trans>Copy</Trans>
        <Box component="select" value={choice.copy} onChange={(event) => onChange({ ...choice, copy: (event.target as HTMLSelectElement).value as Copy })} sx={select}>
          <option value="customer">{t`Customer (with prices)`}</option>
          <option value="kitchen">{t`Kitchen (without prices)`}</option>
        </Box>
      </Box>
      <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
        <Trans>Print</Trans>
      </Button>
    </Box>
  );
}
