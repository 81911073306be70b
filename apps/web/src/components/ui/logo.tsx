import { useId } from 'react';
import { Box, Typography, type SxProps, type Theme } from '@mui/material';

/** The portal's mark: a water drop with a wave across it, drawn inline so it works offline. */
export function LogoMark({ size = 32, title }: { size?: number; title?: string }) {
  // Gradient ids must be unique when several logos are on one page.
  const id = useId().replace(/:/g, '');
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true}>
      {title ? <title>{title}</title> : null}
      <defs>
        <linearGradient id={`${id}-drop`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7fdbff" />
          <stop offset="0.55" stopColor="#1e9bd7" />
          <stop offset="1" stopColor="#0b4f6c" />
        </linearGradient>
        <clipPath id={`${id}-clip`}>
          <path d="M32 3C32 3 11 27 11 41.5a21 21 0 0 0 42 0C53 27 32 3 32 3z" />
        </clipPath>
      </defs>
      <path d="M32 3C32 3 11 27 11 41.5a21 21 0 0 0 42 0C53 27 32 3 32 3z" fill={`url(#${id}-drop)`} />
      <g clipPath={`url(#${id}-clip)`}>
        <path d="M6 44c6-5 11-5 17 0s11 5 17 0 11-5 17 0v20H6z" fill="#0b4f6c" opacity="0.55" />
        <path d="M6 42c6-5 11-5 17 0s11 5 17 0 11-5 17 0" fill="none" stroke="#ffffff" strokeWidth="3.5" strokeLinecap="round" />
      </g>
      <ellipse cx="24" cy="28" rx="3.2" ry="6" fill="#ffffff" opacity="0.55" transform="rotate(25 24 28)" />
    </svg>
  );
}

/** Mark plus the product name, for top bars and the sidebar header. */
export function Logo({
  name,
  subtitle,
  size = 32,
  color = 'inherit',
  sx,
  textSx,
}: {
  name: string;
  subtitle?: string;
  size?: number;
  color?: string;
  sx?: SxProps<Theme>;
  /** Styles for the name block, e.g. hiding it on narrow screens. */
  textSx?: SxProps<Theme>;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, color, ...sx }}>
      <LogoMark size={size} />
      <Box sx={[{ lineHeight: 1.1, minWidth: 0 }, ...(Array.isArray(textSx) ? textSx : [textSx])]}>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontWeight: 700,
            fontSize: size > 40 ? '1.5rem' : '1rem',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {name}
        </Typography>
        {subtitle ? (
          <Typography
            component="span"
            sx={{
              display: 'block',
              fontSize: '0.75rem',
              opacity: 0.75,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {subtitle}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
