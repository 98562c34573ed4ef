import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Card } from '../../components/ui/Card';
import { ContactForm } from '../../features/content/ContactForm';
import { SUPPORT_HOURS } from '../../features/content/copy';
import { usePageTitle } from '../../lib/usePageTitle';

export default function ContactUs() {
  usePageTitle('Contact Us');
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title="Contact us"
        description="Questions about a booking, a refund or listing your salon? Write to us and we will get back to you."
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card>
          <ContactForm />
        </Card>
        <aside className="space-y-4 text-sm text-ink-700">
          <Card>
            <p className="font-semibold text-ink-900">Support hours</p>
            <p>{SUPPORT_HOURS}</p>
          </Card>
          <Card>
            <p className="font-semibold text-ink-900">E-mail</p>
            <p>support@glowbook.in</p>
          </Card>
          <Card>
            <p className="font-semibold text-ink-900">Office</p>
            <p>GlowBook Technologies, 4th Floor, 80 Feet Road, Koramangala, Bengaluru 560034</p>
          </Card>
        </aside>
      </div>
    </PageContainer>
  );
}
