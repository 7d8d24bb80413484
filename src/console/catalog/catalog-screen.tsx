import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { ConsoleCatalog, ConsoleFolder, ConsoleItem } from '@contract/console/catalog-entities';
import { isOwner } from '@machines/console/console-machine';
import { useScreenFlow, useSystemActor } from '@/ui/actor-system';
import { failureText, money, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { NativeField, NativeInput, NativeSelect } from '../native-field';
import { problemText } from './catalog-words';
import { catalogFlow } from './catalog-flow';
import { FolderEditor } from './folder-editor';
import { ItemEditor } from './item-editor';

type CatalogActor = NonNullable<ReturnType<typeof useCatalogActor>>;
const useCatalogActor = (currency: ReturnType<typeof useShopCurrency>) => useScreenFlow(catalogFlow(), { currency }, currency);

/** Folders in their order, each top folder followed by its subfolders (two levels), with their depth. */
function foldersInOrder(catalog: ConsoleCatalog): { folder: ConsoleFolder; depth: number }[] {
  const top = catalog.folders.filter((folder) => folder.parent_id === 0);
  return top.flatMap((folder) => [{ folder, depth: 0 }, ...catalog.folders.filter((sub) => sub.parent_id === folder.id).map((sub) => ({ folder: sub, depth: 1 }))]);
}

/**
 * The shop's catalog (issue 32): items by folder, each with the counter's one-tap "in stock" switch (staff and
 * owners); the owner also edits items, adds, edits (folder-editor.tsx) and orders folders. Built for a phone at the counter (390 px).
 */
export default function CatalogScreen() {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const owner = useSelector(useSystemActor('console'), isOwner);
  const actor = useCatalogActor(currency);
  const catalog = useSelector(actor, (snapshot) => snapshot?.context.catalog ?? null);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure ?? null);
  const refusal = useSelector(actor, (snapshot) => snapshot?.context.refusal ?? null);
  const editing = useSelector(actor, (snapshot) => snapshot?.context.editor !== null && snapshot?.context.editor !== undefined);
  const saved = useSelector(actor, (snapshot) => snapshot?.context.saved ?? null);
  const failed = useSelector(actor, (snapshot) => snapshot?.matches('failed') ?? false);
  if (!actor || (!catalog && !failed)) return <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 760 }} data-testid="catalog-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Catalog</Trans>
      </Typography>
      {failed ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'catalog.retry' })}>{t`Try again`}</Button>}>
          {failureText(failure, i18n)}
        </Alert>
      ) : null}
      <Box aria-live="polite">
        {refusal && !editing ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failureText(refusal, i18n)}
          </Alert>
        ) : null}
        {saved && !editing ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t`Saved: ${saved}`}
          </Alert>
        ) : null}
      </Box>
      {catalog ? (
        <>
          {owner ? <NewFolder actor={actor} catalog={catalog} /> : null}
          {foldersInOrder(catalog).map(({ folder, depth }) => (
            <FolderSection key={folder.id} actor={actor} catalog={catalog} folder={folder} depth={depth} items={catalog.items.filter((item) => item.folder_id === folder.id)} owner={owner} money={(rial) => money(rial, currency, language)} />
          ))}
        </>
      ) : null}
      {editing && catalog ? <ItemEditor actor={actor} catalog={catalog} /> : null}
    </Box>
  );
}

function FolderSection({
  actor,
  catalog,
  folder,
  depth,
  items,
  owner,
  money: shown,
}: {
  actor: CatalogActor;
  catalog: ConsoleCatalog;
  folder: ConsoleFolder;
  depth: number;
  items: readonly ConsoleItem[];
  owner: boolean;
  money: (rial: number) => string;
}) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const name = language === 'en' ? folder.name_en : folder.name;
  const open = useSelector(actor, (snapshot) => snapshot.context.folderOpen === folder.id);
  // Opening an editor waits for what runs (a switch, a move, a save); closing one never does.
  const canOpen = useSelector(actor, (snapshot) => snapshot.can({ type: 'folder.open', folderId: folder.id }));
  const canAddItem = useSelector(actor, (snapshot) => snapshot.can({ type: 'item.open', itemId: null, folderId: folder.id }));
  return (
    <Box component="section" aria-label={name} data-testid="catalog-folder" data-folder-id={folder.id} sx={{ mb: 2, ms: depth * 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, borderBottom: 1, borderColor: 'divider', pb: 0.5, mb: 0.5 }}>
        {/* What the storefront's tile shows: the picture on the folder's colour */}
        <Box aria-hidden="true" data-testid="catalog-folder-tile" sx={{ width: 32, height: 32, borderRadius: 1, flexShrink: 0, bgcolor: folder.bg_color ?? 'action.hover', overflow: 'hidden' }}>
          {folder.picture ? <img src={`${folder.picture}/thumb`} alt="" width={32} height={32} style={{ objectFit: 'cover', display: 'block' }} /> : null}
        </Box>
        <Typography component={depth === 0 ? 'h2' : 'h3'} variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {owner ? (
          <>
            <Button
              size="small"
              aria-expanded={open}
              disabled={!open && !canOpen}
              onClick={() => actor.send(open ? { type: 'folder.close' } : { type: 'folder.open', folderId: folder.id })}
              aria-label={t`Edit folder ${name}`}
            >
              <Trans>Edit</Trans>
            </Button>
            {/* Never disabled while a move is on its way (the chart ignores a second one): that would drop the keyboard's focus. */}
            <IconButton size="small" aria-label={t`Move ${name} up`} onClick={() => actor.send({ type: 'folder.move', folder_id: folder.id, direction: 'up' })}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t`Move ${name} down`} onClick={() => actor.send({ type: 'folder.move', folder_id: folder.id, direction: 'down' })}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <Button size="small" disabled={!canAddItem} onClick={() => actor.send({ type: 'item.open', itemId: null, folderId: folder.id })}>
              <Trans>Add item</Trans>
            </Button>
          </>
        ) : null}
      </Box>
      {open ? <FolderEditor catalog={catalog} folder={folder} catalogActor={actor} /> : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => (
          <ItemRow key={item.id} actor={actor} item={item} owner={owner} price={shown(item.price)} />
        ))}
      </Box>
    </Box>
  );
}

function ItemRow({ actor, item, owner, price }: { actor: CatalogActor; item: ConsoleItem; owner: boolean; price: string }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const name = language === 'en' ? item.name_en : item.name;
  // The chart decides whether this switch may be thrown now (one at a time, only the other way).
  const canSwitch = useSelector(actor, (snapshot) => snapshot.can({ type: 'stock.switch', itemId: item.id, inStock: !item.in_stock }));
  const switching = useSelector(actor, (snapshot) => snapshot.context.switching === item.id);
  const canOpen = useSelector(actor, (snapshot) => snapshot.can({ type: 'item.open', itemId: item.id }));
  return (
    <Box component="li" data-testid="catalog-item" data-item-id={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', minHeight: 48 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          {item.type === 12 ? <Typography component="span" variant="caption" color="text.secondary">{` · ${t`never listed`}`}</Typography> : null}
        </Typography>
        <Typography variant="caption" color={item.in_stock ? 'text.secondary' : 'error.main'} data-testid="catalog-item-price">
          {item.in_stock ? price : `${price} · ${t`Finished for today`}`}
        </Typography>
      </Box>
      {owner ? (
        <Button size="small" disabled={!canOpen} onClick={() => actor.send({ type: 'item.open', itemId: item.id })} aria-label={t`Edit ${name}`}>
          <Trans>Edit</Trans>
        </Button>
      ) : null}
      <Switch
        checked={item.in_stock}
        disabled={!canSwitch || switching}
        onChange={(event) => actor.send({ type: 'stock.switch', itemId: item.id, inStock: event.target.checked })}
        slotProps={{ input: { 'aria-label': t`${name} in stock` } }}
        data-testid="stock-switch"
      />
    </Box>
  );
}

/** The owner's new folder: names and where it goes (the top, or under a top folder). */
function NewFolder({ actor, catalog }: { actor: CatalogActor; catalog: ConsoleCatalog }) {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ name: '', name_en: '', parent_id: 0 });
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const saving = useSelector(actor, (snapshot) => snapshot.matches('savingFolder'));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'folder.save', ...form }));
  if (!open) {
    return (
      <Button size="small" variant="outlined" sx={{ mb: 2 }} onClick={() => setOpen(true)}>
        <Trans>New folder</Trans>
      </Button>
    );
  }
  const problem = (field: string) => problemText(problems, field, i18n);
  return (
    <Box
      component="form"
      aria-label={t`New folder`}
      noValidate
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'folder.save', ...form });
      }}
    >
      <NativeField label={t`Name (Persian)`}>
        <NativeInput value={form.name} onChange={(name) => setForm({ ...form, name })} aria-invalid={problem('name') !== ''} dir="rtl" testId="folder-name" />
        {problem('name')}
      </NativeField>
      <NativeField label={t`Name (English)`}>
        <NativeInput value={form.name_en} onChange={(name_en) => setForm({ ...form, name_en })} aria-invalid={problem('name_en') !== ''} dir="ltr" testId="folder-name-en" />
        {problem('name_en')}
      </NativeField>
      <NativeField label={t`Inside`}>
        <NativeSelect value={String(form.parent_id)} onChange={(parent) => setForm({ ...form, parent_id: Number(parent) })}>
          <option value="0">{t`The top`}</option>
          {catalog.folders
            .filter((folder) => folder.parent_id === 0)
            .map((folder) => (
              <option key={folder.id} value={String(folder.id)}>
                {language === 'en' ? folder.name_en : folder.name}
              </option>
            ))}
        </NativeSelect>
      </NativeField>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={saving || !canSave}>
          <Trans>Add folder</Trans>
        </Button>
        <Button onClick={() => setOpen(false)}>
          <Trans>Close</Trans>
        </Button>
      </Box>
    </Box>
  );
}
