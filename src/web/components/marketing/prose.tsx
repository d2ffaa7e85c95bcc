/** Long-form HTML rendered on the server from Markdown in the repository (blog, privacy policy). */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`max-w-none text-base leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-100 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:text-slate-900 [&_.table-scroll]:mt-6 [&_.table-scroll]:overflow-x-auto [&_.table-scroll:focus-visible]:outline-2 [&_.table-scroll:focus-visible]:outline-offset-2 [&_.table-scroll:focus-visible]:outline-brand-600 [&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-3 [&_td]:align-top [&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-3 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown files from this repository, rendered by the loader on the server
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
