import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { AdminPage } from '../../features/admin/AdminPage';
import { LocationsSection } from '../../features/admin/LocationsSection';
import { TestimonialsSection } from '../../features/admin/TestimonialsSection';

export default function SettingsAccess() {
  return (
    <AdminPage title="Settings" description="What the public pages show: testimonials, the categories catalogue and featured locations.">
      <TestimonialsSection />
      <Card>
        <CardHeader
          title="Categories catalogue"
          description="The service categories salons file their menus under."
          action={
            <Link href="/admin/services" className={buttonClasses('outline', 'sm')}>
              Manage categories
            </Link>
          }
        />
      </Card>
      <LocationsSection />
    </AdminPage>
  );
}
