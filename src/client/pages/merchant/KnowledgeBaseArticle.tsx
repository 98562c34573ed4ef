import { useState } from 'react';
import { Link } from 'wouter';
import { KNOWLEDGE_BASE } from '../../../shared/merchantHelp';
import { PageContainer } from '../../components/PageHeader';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { toast } from '../../components/ui/Toast';
import { usePageTitle } from '../../lib/usePageTitle';

export default function KnowledgeBaseArticle({ params }: { params: { id: string } }) {
  const article = KNOWLEDGE_BASE.find((a) => a.id === params.id);
  usePageTitle(article?.title ?? 'Article not found');
  const [bookmarked, setBookmarked] = useState(false);
  const [helpful, setHelpful] = useState<boolean | null>(null);
  if (!article) {
    return (
      <PageContainer className="max-w-3xl">
        <EmptyState
          title="Article not found"
          description="The article you're looking for doesn't exist or has been removed."
          action={
            <Link href="/merchant/help" className={buttonClasses('primary')}>
              Back to Help
            </Link>
          }
        />
      </PageContainer>
    );
  }
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success('Link copied');
    } catch {
      toast.info(window.location.href);
    }
  };
  return (
    <PageContainer className="max-w-3xl">
      <Link href="/merchant/help" className="mb-4 inline-block text-sm font-medium text-plum-700 hover:underline">
        ← Back
      </Link>
      <article data-testid="kb-article">
        <p className="text-xs font-semibold tracking-widest text-rose-600 uppercase">{article.category}</p>
        <h1 className="mt-1 text-3xl font-bold text-ink-900">{article.title}</h1>
        <p className="mt-2 text-ink-600">{article.description}</p>
        <div className="mt-4 flex gap-2">
          <Button size="sm" variant={bookmarked ? 'primary' : 'outline'} aria-pressed={bookmarked} onClick={() => setBookmarked((b) => !b)}>
            {bookmarked ? 'Bookmarked' : 'Bookmark'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void share()}>
            Share
          </Button>
        </div>
        <div className="mt-6 space-y-5">
          {article.sections.map((s) => (
            <section key={s.title}>
              <h2 className="text-lg font-semibold text-ink-900">{s.title}</h2>
              {s.text && <p className="mt-1 text-ink-700">{s.text}</p>}
              {s.list && (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-700">
                  {s.list.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </article>
      {article.related.length > 0 && (
        <Card className="mt-8">
          <p className="mb-2 font-semibold text-ink-900">Related articles</p>
          {article.related.map((id) => {
            const r = KNOWLEDGE_BASE.find((a) => a.id === id)!;
            return (
              <Link key={id} href={`/merchant/knowledge-base/${id}`} className="block text-plum-700 hover:underline">
                {r.title}
              </Link>
            );
          })}
        </Card>
      )}
      <div className="mt-6 flex items-center gap-3 text-sm text-ink-700">
        {helpful === null ? (
          <>
            Was this helpful?
            <Button size="sm" variant="outline" onClick={() => setHelpful(true)}>
              Yes
            </Button>
            <Button size="sm" variant="outline" onClick={() => setHelpful(false)}>
              No
            </Button>
          </>
        ) : (
          <span>Thanks for your feedback.</span>
        )}
      </div>
    </PageContainer>
  );
}
