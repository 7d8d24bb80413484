import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { UPLOAD_MIME_TYPES } from '@contract/rules/chat';

/**
 * A picture upload's button: a label for a visually hidden file input, so Tab reaches the input itself and
 * Space or Enter opens the file picker (the label shows the focus ring). The picked file goes to `onFile`; the
 * input is cleared so the same file can be picked again. (The catalog's, the content screen's and the gallery's.)
 */
export function UploadButton({ children, disabled, onFile, testId }: { children: ReactNode; disabled: boolean; onFile: (file: File) => void; testId: string }) {
  return (
    <Box
      component="label"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        minHeight: 40,
        px: 2,
        border: 1,
        borderColor: 'primary.main',
        borderRadius: 1,
        color: disabled ? 'text.disabled' : 'primary.main',
        cursor: disabled ? 'default' : 'pointer',
        position: 'relative',
        '&:focus-within': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
      <input
        type="file"
        accept={UPLOAD_MIME_TYPES.join(',')}
        disabled={disabled}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
