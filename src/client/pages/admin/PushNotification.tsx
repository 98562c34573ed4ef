import { AdminPage } from '../../features/admin/AdminPage';
import { BroadcastCard, BroadcastHistory } from '../../features/admin/Broadcast';
import { PushHistory } from '../../features/admin/PushHistory';

export default function PushNotification() {
  return (
    <AdminPage
      title="Push Notifications"
      description="Broadcast a short message in the app and to the lock screens of subscribed browsers."
    >
      <BroadcastCard title="Compose" description="Keep the title short; phones cut long ones off." preview pushDefault />
      <PushHistory />
      <BroadcastHistory />
    </AdminPage>
  );
}
