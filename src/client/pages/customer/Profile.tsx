import { ComingSoon } from '../../components/ComingSoon';

export default function Profile() {
  return (
    <ComingSoon
      title="My Profile"
      description="Your details, appointments and saved salons."
    />
  );
}
