/** A drawing (no data) of a SCADA overview screen: tank, pump, pipe, trend; the link's image. */
export function ScadaIllustration() {
  return (
    <svg
      viewBox="0 0 640 300"
      role="img"
      aria-label="Illustration of a SCADA overview screen"
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <rect width="640" height="300" rx="12" fill="#0f2530" />
      <rect x="16" y="16" width="608" height="32" rx="6" fill="#173a48" />
      <text x="32" y="38" fill="#d9eef5" fontFamily="sans-serif" fontSize="15">
        Ignition · District overview
      </text>
      <circle cx="596" cy="32" r="6" fill="#4caf50" />
      <rect x="48" y="80" width="110" height="170" rx="8" fill="none" stroke="#9fd3e6" strokeWidth="3" />
      <rect x="51" y="150" width="104" height="97" rx="6" fill="#2b8cbe" />
      <text x="103" y="72" textAnchor="middle" fill="#d9eef5" fontFamily="sans-serif" fontSize="13">
        Reservoir
      </text>
      <path d="M158 220 H250" stroke="#9fd3e6" strokeWidth="8" />
      <circle cx="280" cy="220" r="30" fill="#173a48" stroke="#9fd3e6" strokeWidth="3" />
      <path d="M268 206 L298 220 L268 234 Z" fill="#4caf50" />
      <text x="280" y="272" textAnchor="middle" fill="#d9eef5" fontFamily="sans-serif" fontSize="13">
        Pump
      </text>
      <path d="M310 220 H372" stroke="#9fd3e6" strokeWidth="8" />
      <rect x="390" y="80" width="218" height="170" rx="8" fill="#173a48" />
      <polyline points="404,220 432,200 460,210 488,170 516,180 544,140 572,150 596,120" fill="none" stroke="#f9a825" strokeWidth="3" />
      <text x="404" y="104" fill="#d9eef5" fontFamily="sans-serif" fontSize="13">
        Trend
      </text>
    </svg>
  );
}
