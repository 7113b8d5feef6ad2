import { AuthFrame } from '../components/AuthFrame';
import { ResetPasswordForm } from '../components/ResetPasswordForm';

export default function ResetPasswordPage() {
  return (
    <AuthFrame>
      <ResetPasswordForm />
    </AuthFrame>
  );
}
