import { AdminPage } from '../../features/admin/AdminPage';
import { BroadcastCard, BroadcastHistory } from '../../features/admin/Broadcast';

export default function AdminNotifications() {
  return (
    <AdminPage title="Notifications" description="Announcements that land in people's notification bell inside the app.">
      <BroadcastCard
        title="New in-app broadcast"
        description="Everyone in the audience sees it under the bell the next time they open the app."
      />
      <BroadcastHistory />
    </AdminPage>
  );
}
