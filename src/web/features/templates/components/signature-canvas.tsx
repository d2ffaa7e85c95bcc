import { useEffect, useRef } from "react";
import SignaturePad from "signature_pad";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n";

/**
 * A drawing surface for a signature (signature_pad 5): mouse, pen or finger. Reports a PNG data
 * URL after each stroke ("" when cleared). Drawing needs a pointer; the typed signature is the
 * keyboard alternative.
 */
export function SignatureCanvas({ label, onChange, initialUrl }: { label: string; onChange: (dataUrl: string) => void; initialUrl?: string | null }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext("2d")?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: "#0f172a", backgroundColor: "rgba(255,255,255,0)" });
    padRef.current = pad;
    if (initialUrl?.startsWith("data:")) void pad.fromDataURL(initialUrl, { ratio });
    const report = () => onChangeRef.current(pad.isEmpty() ? "" : pad.toDataURL("image/png"));
    pad.addEventListener("endStroke", report);
    return () => {
      pad.removeEventListener("endStroke", report);
      pad.off();
      padRef.current = null;
    };
  }, [initialUrl]);

  return (
    <div>
      <p className="text-sm font-medium text-slate-900" id="signature-canvas-label">
        {label}
      </p>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby="signature-canvas-label"
        className="mt-1 h-40 w-full touch-none rounded-md border border-slate-300 bg-white"
        data-testid="signature-canvas"
      />
      <div className="mt-1 flex items-center justify-between gap-2">
        <p className="text-xs text-slate-500">{t("templates:signatures.drawHint")}</p>
        <Button
          variant="ghost"
          className="px-3 py-1"
          onClick={() => {
            padRef.current?.clear();
            onChange("");
          }}
        >
          {t("templates:signatures.clear")}
        </Button>
      </div>
    </div>
  );
}
