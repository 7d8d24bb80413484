import { styled } from '@mui/material/styles';

/**
 * A plain <img> that takes `sx`: unlike Box, its width and height stay HTML
 * attributes (the intrinsic size that prevents layout shift) instead of CSS.
 */
export const Picture = styled('img')({ display: 'block', maxWidth: '100%', height: 'auto' });
