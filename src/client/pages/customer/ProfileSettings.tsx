import { ComingSoon } from '../../components/ComingSoon';

export default function ProfileSettings() {
  return (
    <ComingSoon
      title="Profile Settings"
      description="Update your personal details, password and preferences." backTo="/profile" backLabel="Back to profile"
    />
  );
}
