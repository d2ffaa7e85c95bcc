/**
 * The branded frame of every e-mail: HTML (table layout, inline styles, as mail clients need) and
 * a plain-text twin. Content is escaped here; callers pass plain strings.
 */
export type EmailContent = {
  lang: string;
  preheader: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Shown under the button, e.g. "the link works for 10 minutes". */
  note?: string;
  footer: string;
};

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#0f172a">${escapeHtml(p)}</p>`).join("");
  const button = content.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:#1f57d1"><a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:12px 20px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(content.button.label)}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#475569;word-break:break-all">${escapeHtml(content.button.url)}</p>`
    : "";
  const note = content.note ? `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#475569">${escapeHtml(content.note)}</p>` : "";
  const html = `<!DOCTYPE html><html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="padding-bottom:24px;font-size:20px;font-weight:700;color:#1f57d1">Offerly</td></tr>
<tr><td><h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#0f172a">${escapeHtml(content.heading)}</h1>${paragraphs}${button}${note}</td></tr>
</table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:18px;color:#64748b">${escapeHtml(content.footer)}</p>
</td></tr></table></body></html>`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ""] : []),
    ...(content.note ? [content.note, ""] : []),
    "--",
    content.footer,
  ].join("\n");
  return { html, text };
}
