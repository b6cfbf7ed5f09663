import { cn } from "~/lib/cn";

/**
 * Shows HTML made by renderMarkdown (domain/news/markdown.ts), which never lets raw HTML,
 * event handlers or script URLs through — that is what makes this innerHTML safe.
 */
export function MarkdownBody({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  return (
    <div
      className={cn(
        "text-base leading-relaxed text-slate-800 sm:text-lg sm:leading-8",
        "[&>*+*]:mt-5 [&>:first-child]:mt-0 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-navy-950 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-navy-950",
        "[&_h4]:mt-6 [&_h4]:font-bold [&_h5]:font-semibold [&_h6]:font-semibold",
        "[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-900",
        "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li+li]:mt-2 [&_li::marker]:text-brand-700",
        "[&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:bg-slate-50 [&_blockquote]:py-3 [&_blockquote]:pl-5 [&_blockquote]:pr-4 [&_blockquote]:italic [&_blockquote]:text-slate-700",
        "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
        "[&_hr]:my-10 [&_hr]:border-slate-200 [&_img]:rounded-xl [&_strong]:font-semibold [&_strong]:text-slate-900",
        "[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm [&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2",
        className,
      )}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
