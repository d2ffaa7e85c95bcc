/**
 * The brand mark with its name. Inside a link the visible "Offerly" is the link's accessible name:
 * do not override it with aria-label (WCAG 2.5.3, label in name).
 */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <img src="/icons/logo.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span>Offerly</span>
    </span>
  );
}
