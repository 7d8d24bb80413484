import { Suspense, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { ActorRefFrom } from 'xstate';
import type { ConsoleCatalog, ConsoleFolder } from '@contract/console/catalog-entities';
import { formatNumber } from '@contract/numbers';
import { FOLDER_COLOR_PATTERN } from '@contract/rules/catalog-edit';
import type { catalogMachine } from '@machines/console/catalog-machine';
import { isBusy, parentChoices, refusedField, uploadPercent, type FolderTextField } from '@machines/console/folder-editor-machine';
import { useScreenFlow } from '@/ui/actor-system';
import { failureText, useConsoleLanguage } from '../counter/counter-format';
import { NativeField, NativeInput, NativeSelect } from '../native-field';
import { problemText } from './catalog-words';
import { folderEditorFlow } from './folder-editor-flow';
import { pictureFailureText } from './picture-words';
import { UploadButton } from './upload-button';

/**
 * A folder edited whole (issue 32), under its heading: names, background colour, where it sits (two levels) and
 * its picture. Its own chart (machines/console/folder-editor-machine.ts) behind its own boundary; each saved folder
 * is told to the catalog's chart.
 */
export function FolderEditor({ catalog, folder, catalogActor }: { catalog: ConsoleCatalog; folder: ConsoleFolder; catalogActor: ActorRefFrom<typeof catalogMachine> }) {
  return (
    <Suspense fallback={null}>
      <FolderForm catalog={catalog} folder={folder} catalogActor={catalogActor} />
    </Suspense>
  );
}

function FolderForm({ catalog, folder, catalogActor }: { catalog: ConsoleCatalog; folder: ConsoleFolder; catalogActor: ActorRefFrom<typeof catalogMachine> }) {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const actor = useScreenFlow(folderEditorFlow(), { folder }, `folder-editor:${folder.id}`);
  useEffect(() => {
    if (!actor) return;
    const subscription = actor.on('folder.stored', (event) => catalogActor.send({ type: 'folder.stored', folder: event.folder }));
    return () => subscription.unsubscribe();
  }, [actor, catalogActor]);
  const form = useSelector(actor, (snapshot) => snapshot?.context.form ?? null);
  const picture = useSelector(actor, (snapshot) => snapshot?.context.folder.picture ?? null);
  const problems = useSelector(actor, (snapshot) => snapshot?.context.problems ?? []);
  const refusal = useSelector(actor, (snapshot) => snapshot?.context.refusal ?? null);
  const saved = useSelector(actor, (snapshot) => snapshot?.context.saved ?? null);
  const field = useSelector(actor, (snapshot) => (snapshot ? refusedField(snapshot) : null));
  const busy = useSelector(actor, (snapshot) => (snapshot ? isBusy(snapshot) : true));
  const percent = useSelector(actor, (snapshot) => (snapshot ? uploadPercent(snapshot) : null));
  const canRemove = useSelector(actor, (snapshot) => snapshot?.can({ type: 'picture.remove' }) ?? false);
  if (!actor || !form) return null;
  const note = (name: string) => problemText(problems, name, i18n) || (field === name && refusal ? failureText(refusal, i18n) : '');
  const edit = (name: FolderTextField) => (value: string) => actor.send({ type: 'folder.field', field: name, value });
  const name = language === 'en' ? folder.name_en : folder.name;
  const swatch = FOLDER_COLOR_PATTERN.test(form.bg_color) ? form.bg_color : '#ffffff';
  const pictureProblem = refusal && field === null ? pictureFailureText(refusal, i18n) : '';
  return (
    <Box
      component="form"
      aria-label={t`Edit folder ${name}`}
      noValidate
      data-testid="folder-editor"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'folder.submit' });
      }}
    >
      <NativeField label={t`Name (Persian)`}>
        <NativeInput value={form.name} onChange={edit('name')} aria-invalid={note('name') !== ''} dir="rtl" autoFocus testId="folder-edit-name" />
        {note('name') ? <Box sx={{ color: 'error.main' }}>{note('name')}</Box> : null}
      </NativeField>
      <NativeField label={t`Name (English)`}>
        <NativeInput value={form.name_en} onChange={edit('name_en')} aria-invalid={note('name_en') !== ''} dir="ltr" testId="folder-edit-name-en" />
        {note('name_en') ? <Box sx={{ color: 'error.main' }}>{note('name_en')}</Box> : null}
      </NativeField>
      <NativeField label={t`Inside`}>
        <NativeSelect value={String(form.parent_id)} onChange={(parent) => actor.send({ type: 'folder.parent', parentId: Number(parent) })} testId="folder-edit-parent">
          <option value="0">{t`The top`}</option>
          {parentChoices(catalog, folder.id).map((choice) => (
            <option key={choice.id} value={String(choice.id)}>
              {language === 'en' ? choice.name_en : choice.name}
            </option>
          ))}
        </NativeSelect>
        {note('parent_id') ? <Box sx={{ color: 'error.main' }}>{note('parent_id')}</Box> : null}
      </NativeField>
      {/* A row of its own: the hex text, the swatch and "No colour" side by side fit 390 px only there */}
      <Box sx={{ display: 'flex', flexBasis: '100%' }}>
        <NativeField label={t`Background colour (#rrggbb)`}>
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
            <NativeInput value={form.bg_color} onChange={edit('bg_color')} aria-invalid={note('bg_color') !== ''} dir="ltr" placeholder="#f5e6d3" testId="folder-edit-color" />
            <Box
              component="input"
              type="color"
              value={swatch}
              onChange={(event) => actor.send({ type: 'folder.field', field: 'bg_color', value: (event.target as HTMLInputElement).value })}
              aria-label={t`Pick the background colour`}
              sx={{ width: 44, height: 40, p: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, flexShrink: 0 }}
            />
            <Button size="small" onClick={() => actor.send({ type: 'folder.field', field: 'bg_color', value: '' })} disabled={form.bg_color === ''}>
              <Trans>No colour</Trans>
            </Button>
          </Box>
          {note('bg_color') ? <Box sx={{ color: 'error.main' }}>{note('bg_color')}</Box> : null}
        </NativeField>
      </Box>
      <Box component="fieldset" sx={{ flexBasis: '100%', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <legend>
          <Trans>Picture</Trans>
        </legend>
        {picture ? <img src={`${picture}/thumb`} alt={t`The folder's picture`} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 8 }} data-testid="folder-edit-picture" /> : null}
        <UploadButton disabled={busy} onFile={(file) => actor.send({ type: 'picture.pick', file })} testId="folder-picture-file">
          {picture ? <Trans>Change the picture</Trans> : <Trans>Add a picture</Trans>}
        </UploadButton>
        {picture ? (
          <Button color="error" disabled={busy || !canRemove} onClick={() => actor.send({ type: 'picture.remove' })}>
            <Trans>Remove the picture</Trans>
          </Button>
        ) : null}
        {percent !== null ? <LinearProgress variant="determinate" value={percent} aria-label={t`Sending the picture: ${formatNumber(percent, language)}%`} sx={{ flexBasis: '100%' }} /> : null}
      </Box>
      <Box aria-live="polite" sx={{ flexBasis: '100%' }}>
        {pictureProblem ? (
          <Alert severity="error" role="alert">
            {pictureProblem}
          </Alert>
        ) : null}
        {saved ? (
          <Alert severity="success" role="status">
            {saved === 'picture' ? t`The picture is saved. Customers see it on their next visit.` : t`Saved. Customers see it on their next visit.`}
          </Alert>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy} data-testid="folder-edit-save">
          <Trans>Save folder</Trans>
        </Button>
        <Button onClick={() => catalogActor.send({ type: 'folder.close' })}>
          <Trans>Close</Trans>
        </Button>
      </Box>
    </Box>
  );
}
