import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminNav } from './AdminNav';

/** The frame of every admin screen: section strip, heading, optional actions. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(`${title} · Admin`);
  return (
    <PageContainer>
      <AdminNav />
      <PageHeader eyebrow="Admin" title={title} description={description} actions={actions} />
      <div className="space-y-6">{children}</div>
    </PageContainer>
  );
}
