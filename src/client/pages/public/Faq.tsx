import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { FAQ_ENTRIES, SUPPORT_HOURS } from '../../features/content/copy';
import { usePageTitle } from '../../lib/usePageTitle';

const TOPICS = ['Booking', 'Payments', 'Account', 'Salons'] as const;

export default function Faq() {
  usePageTitle('FAQs');
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Frequently asked questions"
        description={`Quick answers about booking, payments and your account. Still stuck? We answer ${SUPPORT_HOURS}.`}
      />
      <div className="space-y-8" data-testid="faq">
        {TOPICS.map((topic) => (
          <section key={topic} id={topic.toLowerCase()} className="scroll-mt-24">
            <h2 className="mb-3 text-lg font-semibold text-ink-900">{topic}</h2>
            <div className="divide-y divide-blush-100 rounded-2xl border border-blush-100 bg-white">
              {FAQ_ENTRIES.filter((f) => f.topic === topic).map((f) => (
                <details key={f.q} className="group px-5 py-4" data-testid="faq-item">
                  <summary className="cursor-pointer list-none font-medium text-ink-900 marker:hidden">
                    <span className="flex items-center justify-between gap-3">
                      {f.q}
                      <span aria-hidden className="text-plum-600 transition-transform group-open:rotate-45">
                        +
                      </span>
                    </span>
                  </summary>
                  <p className="mt-2 text-sm text-ink-700">{f.a}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
      <p className="mt-8 text-sm text-ink-600">
        Did not find your answer?{' '}
        <Link href="/contact-us" className="font-semibold text-plum-700 hover:underline">
          Contact us
        </Link>
        .
      </p>
    </PageContainer>
  );
}
