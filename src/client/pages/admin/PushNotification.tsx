import { AdminPage } from '../../features/admin/AdminPage';
import { BroadcastCard, BroadcastHistory } from '../../features/admin/Broadcast';

export default function PushNotification() {
  return (
    <AdminPage title="Push Notifications" description="Broadcast a short message to customers, merchants or everyone.">
      <div role="note" className="rounded-2xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="push-status">
        <p className="font-semibold">Push delivery arrives with web push.</p>
        <p className="mt-0.5">
          For now a broadcast is delivered in the app: it appears under the notification bell of every account in the audience. Nothing is sent to phones'
          lock screens yet.
        </p>
      </div>
      <BroadcastCard title="Compose" description="Keep the title short; phones cut long ones off." preview />
      <BroadcastHistory />
    </AdminPage>
  );
}
