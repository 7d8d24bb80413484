import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ConsoleCatalog } from '@contract/console/catalog-entities';
import { UNITS, type Unit } from '@contract/entities/catalog';
import { currencyName } from '@contract/money';
import { groupTypedNumber, localDigits } from '@contract/numbers';
import { unitLabel } from '@contract/units';
import { refusedField, type catalogMachine, type ItemTextField } from '@machines/console/catalog-machine';
import type { ActorRefFrom } from 'xstate';
import { failureText, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { NativeField, NativeInput, NativeSelect } from '../native-field';
import { problemText } from './catalog-words';
import { DiscardChanges } from './discard-changes';
import { ItemDetailsEditor } from './item-details-editor';
import { ItemOptionsEditor } from './item-options-editor';
import { ItemPictures } from './item-pictures';

/**
 * The owner's item editor (a dialog; the whole screen on a phone): names, descriptions, unit and its step, price,
 * sizes with prices, folder; for a saved item also its pictures, details and option steps. One Save saves all of it
 * (the chart checks every part's rule first); closing with unsaved changes asks first.
 */
export function ItemEditor({ actor, catalog }: { actor: ActorRefFrom<typeof catalogMachine>; catalog: ConsoleCatalog }) {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const phone = useMediaQuery('(max-width:600px)');
  const editor = useSelector(actor, (snapshot) => snapshot.context.editor);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'item.save' }));
  const canClose = useSelector(actor, (snapshot) => snapshot.can({ type: 'item.close' }));
  const discarding = useSelector(actor, (snapshot) => snapshot.matches('discarding'));
  const canAddSize = useSelector(actor, (snapshot) => snapshot.can({ type: 'size.add' }));
  if (!editor) return null;
  const { form } = editor;
  const serverField = refusedField({ refusal });
  // The rule's words, or the server's for the field it named.
  const note = (field: string) => problemText(problems, field, i18n) || (serverField === field && refusal ? failureText(refusal, i18n) : '');
  const edit = (field: ItemTextField) => (value: string) => actor.send({ type: 'item.edit', field, value });
  const unit = currencyName(currency, language);
  // Numbers in the language's digits, amounts grouped as typed (as the shop's settings show them).
  const shown = (value: string, kind: 'amount' | 'number' | undefined) => (kind === 'amount' ? groupTypedNumber(value, language) : kind === 'number' ? localDigits(value, language) : value);
  const text = (field: ItemTextField, label: string, options: { dir?: 'rtl' | 'ltr'; numeric?: 'amount' | 'number' } = {}) => (
    <NativeField label={label}>
      <NativeInput value={shown(form[field], options.numeric)} onChange={edit(field)} dir={options.dir} inputMode={options.numeric ? 'numeric' : undefined} aria-invalid={note(field) !== ''} testId={`item-${field}`} />
      {note(field) ? <Box sx={{ color: 'error.main' }}>{note(field)}</Box> : null}
    </NativeField>
  );
  const close = () => actor.send({ type: 'item.close' });
  return (
    <Dialog open onClose={close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="item-editor-title">
      <Box
        component="form"
        noValidate
        data-testid="item-editor"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'item.save' });
        }}
      >
        <DialogTitle id="item-editor-title">{editor.itemId === null ? <Trans>New item</Trans> : <Trans>Edit item</Trans>}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {text('name', t`Name (Persian)`, { dir: 'rtl' })}
          {text('name_en', t`Name (English)`, { dir: 'ltr' })}
          {text('price', t`Price (${unit})`, { numeric: 'amount' })}
          <NativeField label={t`Unit`}>
            <NativeSelect value={form.unit} onChange={edit('unit')} testId="item-unit">
              {UNITS.map((code) => (
                <option key={code} value={code}>
                  {unitLabel(code as Unit, language)}
                </option>
              ))}
            </NativeSelect>
          </NativeField>
          {text('unit_step', t`Units in one count (100: priced per 100 g)`, { numeric: 'number' })}
          <NativeField label={t`Folder`}>
            <NativeSelect value={String(form.folder_id)} onChange={(value) => actor.send({ type: 'item.folder', folderId: Number(value) })} testId="item-folder">
              <option value="0">{t`Choose…`}</option>
              {catalog.folders.map((folder) => (
                <option key={folder.id} value={String(folder.id)}>
                  {folder.parent_id === 0 ? '' : '— '}
                  {language === 'en' ? folder.name_en : folder.name}
                </option>
              ))}
            </NativeSelect>
            {note('folder_id') ? <Box sx={{ color: 'error.main' }}>{note('folder_id')}</Box> : null}
          </NativeField>
          {text('description', t`Description (Persian)`, { dir: 'rtl' })}
          {text('description_en', t`Description (English)`, { dir: 'ltr' })}
          <Box component="fieldset" sx={{ flexBasis: '100%', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, m: 0 }}>
            <legend>
              <Trans>Sizes (each with its own price)</Trans>
            </legend>
            {form.sizes.map((size, index) => (
              <Box key={index} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end', mb: 1 }}>
                <NativeField label={t`Size ${index + 1} (Persian)`}>
                  <NativeInput value={size.name} dir="rtl" onChange={(value) => actor.send({ type: 'size.edit', index, field: 'name', value })} />
                </NativeField>
                <NativeField label={t`Size ${index + 1} (English)`}>
                  <NativeInput value={size.name_en} dir="ltr" onChange={(value) => actor.send({ type: 'size.edit', index, field: 'name_en', value })} />
                </NativeField>
                <NativeField label={t`Price (${unit})`}>
                  <NativeInput value={shown(size.price, 'amount')} inputMode="numeric" onChange={(value) => actor.send({ type: 'size.edit', index, field: 'price', value })} />
                </NativeField>
                <Button onClick={() => actor.send({ type: 'size.remove', index })}>
                  <Trans>Remove</Trans>
                </Button>
                {note(`sizes.${index}.name`) || note(`sizes.${index}.price`) ? (
                  <Box sx={{ color: 'error.main', flexBasis: '100%' }}>{note(`sizes.${index}.name`) || note(`sizes.${index}.price`)}</Box>
                ) : null}
              </Box>
            ))}
            <Button size="small" disabled={!canAddSize} onClick={() => actor.send({ type: 'size.add' })}>
              <Trans>Add a size</Trans>
            </Button>
          </Box>
          <ItemPictures actor={actor} catalog={catalog} itemId={editor.itemId} />
          {editor.details ? <ItemDetailsEditor actor={editor.details} /> : null}
          {editor.extras ? <ItemOptionsEditor actor={editor.extras} /> : null}
          {editor.notSaved ? (
            <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }} data-testid="item-not-saved">
              {editor.notSaved === 'details' ? (
                <Trans>Not saved: the features, colors and labels (see above). Save again once they are right.</Trans>
              ) : (
                <Trans>Not saved: the option steps and extras (see above). Save again once they are right.</Trans>
              )}
            </Alert>
          ) : null}
          {refusal && serverField === null ? (
            <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
              {failureText(refusal, i18n)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={!canClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={!canSave} data-testid="item-save">
            <Trans>Save</Trans>
          </Button>
        </DialogActions>
      </Box>
      <DiscardChanges open={discarding} onKeep={() => actor.send({ type: 'discard.cancel' })} onDiscard={() => actor.send({ type: 'discard.confirm' })} />
    </Dialog>
  );
}
