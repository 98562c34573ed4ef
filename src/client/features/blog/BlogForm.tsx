import Markdown from 'react-markdown';
import type { z } from 'zod';
import { type BlogWire, blogForm } from '../../../shared/schemas/content';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';

export interface BlogDraft {
  title: string;
  excerpt: string;
  body: string;
  coverImage: string;
  tags: string;
  status: 'draft' | 'published';
}

export function draftOf(b?: BlogWire): BlogDraft {
  return {
    title: b?.title ?? '',
    excerpt: b?.excerpt ?? '',
    body: b?.body ?? '',
    coverImage: b?.coverImage ?? '',
    tags: b?.tags.join(', ') ?? '',
    status: b?.status ?? 'draft',
  };
}

/**
 * The article editor for /create-blog and /edit-blog: Markdown with a live preview. `onSubmit` saves
 * (a mutation with its meta); a refusal it rethrows lands under the field it names.
 */
export function BlogForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
}: {
  initial: BlogDraft;
  busy: boolean;
  submitLabel: string;
  onSubmit: (data: z.output<typeof blogForm>) => Promise<unknown>;
}) {
  const form = useZodForm(blogForm, { defaultValues: initial });
  const { errors } = form.formState;
  const [title, excerpt, body] = form.watch(['title', 'excerpt', 'body']);
  const submit = form.handleSubmit((data) => onSubmit(data).catch(serverErrorsTo(form, 'Could not save the article.')));

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-2" data-testid="blog-form">
      <Card className="grid content-start gap-4">
        <FormError message={errors.root?.server?.message} />
        <Input id="blog-title" label="Title" required maxLength={160} {...form.register('title')} error={errors.title?.message} />
        <Textarea
          id="blog-excerpt"
          label="Summary"
          rows={2}
          maxLength={300}
          hint="Shown on the article list."
          {...form.register('excerpt')}
          error={errors.excerpt?.message}
        />
        <Textarea
          id="blog-body"
          label="Article (Markdown)"
          required
          rows={14}
          {...form.register('body')}
          error={errors.body?.message}
          hint="## for headings, - for lists, **bold**."
        />
        <Input
          id="blog-cover"
          label="Cover image address (optional)"
          placeholder="https://… or /uploads/…"
          {...form.register('coverImage')}
          error={errors.coverImage?.message}
        />
        <Input
          id="blog-tags"
          label="Tags"
          placeholder="hair, monsoon"
          hint="Comma separated, up to 8."
          {...form.register('tags')}
          error={errors.tags?.message}
        />
        <Select
          id="blog-status"
          label="Status"
          {...form.register('status')}
          options={[
            { value: 'draft', label: 'Draft (only admins see it)' },
            { value: 'published', label: 'Published' },
          ]}
        />
        <div>
          <Button type="submit" loading={busy} loadingText="Saving…" data-testid="blog-save">
            {submitLabel}
          </Button>
        </div>
      </Card>
      <Card className="content-start" aria-label="Preview">
        <p className="text-xs font-semibold tracking-widest text-rose-600 uppercase">Preview</p>
        <h2 className="mt-2 text-2xl font-bold text-ink-900">{title || 'Your title'}</h2>
        {excerpt && <p className="mt-2 text-ink-600">{excerpt}</p>}
        <div className="mt-4 space-y-3 text-sm leading-relaxed text-ink-800 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
          <Markdown>{body || '_The article appears here as you write._'}</Markdown>
        </div>
      </Card>
    </form>
  );
}
