/** A board of tasks with a progress chart and a team: the product, drawn for the sign-in page. */
export function SignInIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 340" className={className} aria-hidden="true" focusable="false">
      <rect x="20" y="30" width="440" height="280" rx="18" fill="#1e293b" />
      <rect x="20" y="30" width="440" height="44" rx="18" fill="#334155" />
      <rect x="20" y="56" width="440" height="18" fill="#334155" />
      <circle cx="48" cy="52" r="6" fill="#f87171" />
      <circle cx="68" cy="52" r="6" fill="#fbbf24" />
      <circle cx="88" cy="52" r="6" fill="#4ade80" />
      <rect x="300" y="45" width="140" height="14" rx="7" fill="#475569" />

      {[0, 1, 2].map((column) => (
        <g key={column} transform={`translate(${44 + column * 100} 94)`}>
          <rect width="88" height="12" rx="6" fill="#64748b" />
          {[0, 1, 2].slice(0, 3 - column).map((card) => (
            <g key={card} transform={`translate(0 ${24 + card * 56})`}>
              <rect width="88" height="46" rx="8" fill="#f8fafc" />
              <rect
                x="10"
                y="10"
                width="52"
                height="7"
                rx="3.5"
                fill={['#60a5fa', '#f472b6', '#34d399'][(column + card) % 3]}
              />
              <rect x="10" y="24" width="68" height="6" rx="3" fill="#cbd5e1" />
              <rect x="10" y="34" width="40" height="6" rx="3" fill="#cbd5e1" />
            </g>
          ))}
        </g>
      ))}

      <g transform="translate(344 94)">
        <rect width="96" height="112" rx="10" fill="#0f172a" />
        {[46, 70, 38, 86].map((height, index) => (
          <rect
            key={index}
            x={14 + index * 19}
            y={96 - height}
            width="12"
            height={height}
            rx="3"
            fill={index === 3 ? '#38bdf8' : '#475569'}
          />
        ))}
      </g>

      <g transform="translate(344 222)">
        <circle cx="16" cy="28" r="16" fill="#f472b6" stroke="#1e293b" strokeWidth="3" />
        <circle cx="40" cy="28" r="16" fill="#60a5fa" stroke="#1e293b" strokeWidth="3" />
        <circle cx="64" cy="28" r="16" fill="#34d399" stroke="#1e293b" strokeWidth="3" />
      </g>

      <g transform="translate(396 262)">
        <circle r="30" fill="#38bdf8" />
        <path
          d="M-12 1l8 8 16-17"
          fill="none"
          stroke="#0f172a"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}
