import { Box, keyframes } from '@mui/material';

// The original landing page plays a background video from a CDN. The portal must run offline
// and a bundled video would add megabytes, so layered SVG waves drift across a deep-water
// gradient instead. Motion stops for users who ask for reduced motion.
const drift = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;
const shimmer = keyframes`
  0%, 100% { opacity: 0.35; }
  50% { opacity: 0.7; }
`;

// One wave period is 720 units wide; the path spans two periods so a -50% shift loops seamlessly.
function wavePath(baseline: number, amplitude: number): string {
  const a = amplitude;
  return `M0 ${baseline} C 180 ${baseline - a}, 180 ${baseline + a}, 360 ${baseline} S 540 ${baseline - a}, 720 ${baseline} S 900 ${baseline + a}, 1080 ${baseline} S 1260 ${baseline - a}, 1440 ${baseline} V 400 H 0 Z`;
}

const LAYERS = [
  { baseline: 150, amplitude: 26, fill: 'rgba(79,195,247,0.18)', duration: 28 },
  { baseline: 200, amplitude: 20, fill: 'rgba(30,155,215,0.24)', duration: 20 },
  { baseline: 250, amplitude: 16, fill: 'rgba(11,79,108,0.55)', duration: 14 },
];

export function WaterBackground() {
  return (
    <Box
      aria-hidden
      data-testid="water-background"
      sx={{
        position: 'absolute',
        inset: 0,
        overflow: 'hidden',
        background: 'radial-gradient(ellipse at 30% 10%, #1e6f96 0%, #0b3c57 45%, #061f30 100%)',
        '@media (prefers-reduced-motion: reduce)': { '& *': { animation: 'none !important' } },
      }}
    >
      {[12, 28, 44, 63, 81].map((left, i) => (
        <Box
          key={left}
          sx={{
            position: 'absolute',
            top: `${8 + i * 7}%`,
            left: `${left}%`,
            width: 180 + i * 40,
            height: 2,
            borderRadius: 1,
            background: 'linear-gradient(90deg, transparent, rgba(255,255,255,0.45), transparent)',
            animation: `${shimmer} ${5 + i}s ease-in-out ${i * 0.7}s infinite`,
          }}
        />
      ))}
      {LAYERS.map((layer) => (
        <Box key={layer.baseline} sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: '55%', overflow: 'hidden' }}>
          <Box
            component="svg"
            viewBox="0 0 1440 400"
            preserveAspectRatio="none"
            sx={{ width: '200%', height: '100%', display: 'block', animation: `${drift} ${layer.duration}s linear infinite` }}
          >
            <path d={wavePath(layer.baseline, layer.amplitude)} fill={layer.fill} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
