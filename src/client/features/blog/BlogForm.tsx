import { readableMessage } from '../../trpc';
import { useState, type FormEvent } from 'react';
import Markdown from 'react-markdown';
import { createBlogInput, type BlogWire } from '../../../shared/schemas/content';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';

export interface BlogDraft {
  title: string;
  excerpt: string;
  body: string;
  coverImage: string;
  tags: string;
  status: 'draft' | 'published';
}
type Errors = Partial<Record<keyof BlogDraft, string>>;

export function draftOf(b?: BlogWire): BlogDraft {
  return { title: b?.title ?? '', excerpt: b?.excerpt ?? '', body: b?.body ?? '', coverImage: b?.coverImage ?? '', tags: b?.tags.join(', ') ?? '', status: b?.status ?? 'draft' };
}

/** The article editor for /create-blog and /edit-blog: Markdown with a live preview. */
export function BlogForm({ initial, busy, submitLabel, onSubmit }: { initial: BlogDraft; busy: boolean; submitLabel: string; onSubmit: (data: ReturnType<typeof createBlogInput.parse>) => Promise<string | null> }) {
  const [d, setD] = useState<BlogDraft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof BlogDraft>(k: K, v: BlogDraft[K]) => setD((x) => ({ ...x, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createBlogInput.safeParse({ ...d, coverImage: d.coverImage || null, tags: d.tags.split(',').map((t) => t.trim()).filter(Boolean) });
    if (!parsed.success) {
      const next: Errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as keyof BlogDraft] ??= readableMessage(i.message);
      setErrors(next);
      return;
    }
    setErrors({});
    setServerError(await onSubmit(parsed.data));
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-2" data-testid="blog-form">
      <Card className="grid content-start gap-4">
        {serverError && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
            {serverError}
          </p>
        )}
        <Input id="blog-title" label="Title" required maxLength={160} value={d.title} error={errors.title} onChange={(e) => set('title', e.target.value)} />
        <Textarea id="blog-excerpt" label="Summary" rows={2} maxLength={300} hint="Shown on the article list." value={d.excerpt} error={errors.excerpt} onChange={(e) => set('excerpt', e.target.value)} />
        <Textarea id="blog-body" label="Article (Markdown)" required rows={14} value={d.body} error={errors.body} hint="## for headings, - for lists, **bold**." onChange={(e) => set('body', e.target.value)} />
        <Input id="blog-cover" label="Cover image address (optional)" placeholder="https://… or /uploads/…" value={d.coverImage} error={errors.coverImage} onChange={(e) => set('coverImage', e.target.value)} />
        <Input id="blog-tags" label="Tags" placeholder="hair, monsoon" hint="Comma separated, up to 8." value={d.tags} error={errors.tags} onChange={(e) => set('tags', e.target.value)} />
        <Select
          id="blog-status"
          label="Status"
          value={d.status}
          options={[
            { value: 'draft', label: 'Draft (only admins see it)' },
            { value: 'published', label: 'Published' },
          ]}
          onChange={(e) => set('status', e.target.value as BlogDraft['status'])}
        />
        <div>
          <Button type="submit" loading={busy} loadingText="Saving…" data-testid="blog-save">
            {submitLabel}
          </Button>
        </div>
      </Card>
      <Card className="content-start" aria-label="Preview">
        <p className="text-xs font-semibold tracking-widest text-rose-600 uppercase">Preview</p>
        <h2 className="mt-2 text-2xl font-bold text-ink-900">{d.title || 'Your title'}</h2>
        {d.excerpt && <p className="mt-2 text-ink-600">{d.excerpt}</p>}
        <div className="mt-4 space-y-3 text-sm leading-relaxed text-ink-800 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
          <Markdown>{d.body || '_The article appears here as you write._'}</Markdown>
        </div>
      </Card>
    </form>
  );
}
